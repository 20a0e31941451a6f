/**
 * A data file that is not JSON (edited by hand, most likely), told as a developer can act on
 * it: the file, the line and column, what is wrong there, and the line itself.
 */

/** Where the first syntax error of a JSON text is (an offset into it), and what is wrong there. */
export interface JsonSyntaxError {
  offset: number;
  problem: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The first syntax error of `text` as JSON, or null when it is JSON. JSON.parse says what went
 * wrong but not reliably where (V8's messages differ between Node versions, and some, such as
 * a misspelt `true`, carry no position), so this small scanner finds the place again.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  let at = 0;
  const stop = (problem: string, offset = at): never => {
    throw new Stop(offset, problem);
  };
  const found = () =>
    at >= text.length
      ? 'the end of the file'
      : /[\x21-\x7e]/.test(text[at] as string)
        ? `'${text[at]}'`
        : `U+${(text.codePointAt(at) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  };

  function value(): void {
    space();
    const char = text[at];
    if (char === '{') object();
    else if (char === '[') array();
    else if (char === '"') string();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) number();
    else {
      const word = ['true', 'false', 'null'].find((literal) => text.startsWith(literal, at));
      if (!word) stop(`expected a value, found ${found()}`);
      at += (word as string).length;
    }
  }

  /** After a comma: a closing bracket there is a trailing comma, which JSON does not allow. */
  function trailingComma(comma: number, close: string): void {
    space();
    if (text[at] === close)
      stop(`a comma before '${close}' (JSON allows no trailing comma)`, comma);
  }

  function object(): void {
    at += 1;
    space();
    if (text[at] === '}') {
      at += 1;
      return;
    }
    for (;;) {
      space();
      if (text[at] !== '"') stop(`expected a property name in double quotes, found ${found()}`);
      string();
      space();
      if (text[at] !== ':') stop(`expected ':' after the property name, found ${found()}`);
      at += 1;
      value();
      space();
      if (text[at] === '}') {
        at += 1;
        return;
      }
      if (text[at] !== ',') stop(`expected ',' or '}' after a property's value, found ${found()}`);
      at += 1;
      trailingComma(at - 1, '}');
    }
  }

  function array(): void {
    at += 1;
    space();
    if (text[at] === ']') {
      at += 1;
      return;
    }
    for (;;) {
      value();
      space();
      if (text[at] === ']') {
        at += 1;
        return;
      }
      if (text[at] !== ',') stop(`expected ',' or ']' after a value in a list, found ${found()}`);
      at += 1;
      trailingComma(at - 1, ']');
    }
  }

  function string(): void {
    const start = at;
    at += 1;
    for (;;) {
      if (at >= text.length) stop('a text that is never closed with a double quote', start);
      const char = text[at] as string;
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === '\\') {
        const escaped = text[at + 1];
        if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) at += 2;
        else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6;
        else stop('an escape JSON does not know (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        continue;
      }
      if (char === '\n') stop('a line break inside a text (a text that is never closed?)');
      if (char < ' ') stop(`a control character (${found()}) inside a text`);
      at += 1;
    }
  }

  function number(): void {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) stop(`a malformed number`);
    at += (match as RegExpExecArray)[0].length;
  }

  try {
    value();
    space();
    if (at < text.length) stop(`${found()} after the end of the data`);
    return null;
  } catch (error) {
    if (error instanceof Stop) return { offset: error.offset, problem: error.problem };
    // Nesting deep enough to exhaust the stack: JSON.parse refused it too, for the same reason.
    if (error instanceof RangeError) return { offset: 0, problem: 'nesting too deep to read' };
    throw error;
  }
}

/** 1-based line and column of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The line holding `offset`, with a caret under it; long lines are cut around the place. */
function excerpt(text: string, offset: number, line: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  const whole = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
  const from = Math.max(0, offset - start - 60);
  const shown = `${from > 0 ? '…' : ''}${whole.slice(from, from + 120)}${whole.length > from + 120 ? '…' : ''}`;
  const caret = offset - start - from + (from > 0 ? 1 : 0);
  const gutter = ` ${line} | `;
  return `${gutter}${shown}\n${' '.repeat(gutter.length - 2)}| ${' '.repeat(caret)}^`;
}

/**
 * The data file is not JSON. Nothing reads or writes it until it is fixed: the standalone
 * server refuses to start, and every call is answered with this (never a fresh seed, which
 * would throw the developer's data away).
 */
export class DataFileError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly problem: string;

  constructor(file: string, text: string, syntax: JsonSyntaxError) {
    const { line, column } = lineAndColumn(text, syntax.offset);
    const where = `${file}:${line}:${column}`;
    super(
      `dev-server: the data file is not valid JSON: ${where}: ${syntax.problem}.\n` +
        `${excerpt(text, syntax.offset, line)}\n` +
        'The file was left as it was. Fix it, or run `npm run reset-data` to start again from the seed.',
    );
    this.name = 'DataFileError';
    this.file = file;
    this.line = line;
    this.column = column;
    this.problem = syntax.problem;
  }

  /** One line, for an API answer: the app shows it as the call's error. */
  get summary(): string {
    return `The development data file is not valid JSON (${this.file}:${this.line}:${this.column}: ${this.problem}). Fix it, or run npm run reset-data to start again from the seed.`;
  }
}

/**
 * `text` of the data file `file` parsed, or a DataFileError saying where it is not JSON. A byte
 * order mark (some editors write one) is allowed.
 */
export function parseDataFile(file: string, text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(json) as unknown;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const syntax = findJsonSyntaxError(json) ?? { offset: 0, problem: error.message };
    throw new DataFileError(file, json, syntax);
  }
}
