import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/*
 * Every URL the app puts in a `src` or an `href` goes through core's `safeUrl` (issue 17: a
 * message's media URL from the server once reached an `<img src>` unchecked). This reads every
 * .tsx file of the app and the design system (stories aside: they never ship) and fails on a
 * sink whose value does not visibly come from the check, so a new sink cannot skip it.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['app/src', 'packages/ui/src'];

/** The attributes through which a browser loads or navigates to a URL. */
const SINK_ATTRIBUTES = new Set([
  'src',
  'srcSet',
  'href',
  'xlinkHref',
  'poster',
  'action',
  'formAction',
]);

/** Elements whose URL attributes load or navigate, where a spread could carry one. */
const URL_ELEMENTS = new Set([
  'a',
  'area',
  'audio',
  'base',
  'embed',
  'form',
  'iframe',
  'image',
  'img',
  'link',
  'object',
  'script',
  'source',
  'track',
  'use',
  'video',
]);

/**
 * Components that hand their `href` straight to an `<a>` without checking it (wouter's Link, and
 * the app's PrefetchLink over it), so their `href` is held to the same rule as an element's.
 * The design system's components (Avatar, ListItem, Tile, DropdownMenuLinkItem) check their URL
 * themselves, which this test sees in their own files.
 */
const UNCHECKED_COMPONENTS = new Set(['Link', 'PrefetchLink']);

/**
 * Calls whose result is a checked URL: core's `safeUrl`; `safeHref`, the message preview's link
 * check (core's `safeUrl` for a link in a message); and the router's `href(route, search)`
 * (app/src/shell/paths.ts), which builds a path of the app from the route table alone, its
 * search values URL-encoded, so nothing from a server can make it anything but a root path.
 */
const CHECKS = new Set(['safeUrl', 'safeHref', 'href']);

/**
 * Sinks known to be safe without the check, each with its reason. Keep it short: a new entry
 * needs a reason a reviewer accepts.
 */
const ALLOWED: readonly { file: string; sink: string; why: string }[] = [
  {
    file: 'app/src/shell/prefetch-link.tsx',
    sink: 'Link href={href}',
    why: "PrefetchLink's own href, which this test holds to the rule wherever a PrefetchLink is written",
  },
];

/**
 * Links handed to Telegram (`platform.openLink`, `openTelegramLink`) whose argument is not a
 * visibly checked URL, each with its reason.
 */
const ALLOWED_OPENS: readonly { file: string; call: string; why: string }[] = [
  {
    file: 'app/src/features/dashboard/server-popup-dialog.tsx',
    call: 'platform.openTelegramLink(link)',
    why: "follow's link: only ever the popup button's target, which safeUrl accepted",
  },
  {
    file: 'app/src/features/dashboard/server-popup-dialog.tsx',
    call: 'platform.openLink(link)',
    why: "follow's link: only ever the popup button's target, which safeUrl accepted",
  },
  {
    file: 'app/src/features/messages/message-panel.tsx',
    call: 'platform.openTelegramLink(url)',
    why: 'the upload link the media picker hands back: https://t.me/<bot>?start=fileid, built here',
  },
  {
    file: 'app/src/features/shop/item-form/item-form-sheet.tsx',
    call: 'platform.openTelegramLink(url)',
    why: 'the upload link the media picker hands back: https://t.me/<bot>?start=fileid, built here',
  },
];

/** Non-JSX sinks, read from the text: assignments and calls that load or navigate. */
const TEXT_SINKS =
  /\.(src|href|srcset|action)\s*=[^=]|setAttribute\(\s*['"](src|href|srcset|action)|window\.open\(|location\.(assign|replace)\(|location\.href\s*=|dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write/;

/** Text sinks known to be safe, by file and the line's code, each with its reason. */
const ALLOWED_TEXT: readonly { file: string; line: string; why: string }[] = [
  {
    file: 'app/src/boot/first-frame.ts',
    line: 'link.href = url;',
    why: "the build's own chunk names, written into index.html by the first-frame plugin",
  },
  {
    file: 'app/src/boot/first-frame.ts',
    line: 'loading.innerHTML =',
    why: 'a fixed SVG ring written in the source (a string literal on the next line)',
  },
  {
    file: 'app/src/main.tsx',
    line: 'window.location.replace(startLink());',
    why: "Botdeck's own bot link from the build's config, for a visitor outside Telegram",
  },
];

// biome-ignore lint/suspicious/noExplicitAny: the parser's tree is plain JSON (ESTree-shaped).
type Node = any;

/** Every .tsx (or .ts, for text sinks) file under the scanned folders, stories left out. */
function sourceFiles(extension: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '__screenshots__') walk(path);
      } else if (extension.test(entry.name) && !/\.(stories|test)\.tsx?$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  for (const dir of SCANNED) walk(dir);
  return found.sort();
}

/** Calls `visit` on every node of the tree. */
function walkTree(node: Node, visit: (node: Node) => void): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walkTree(child, visit);
    return;
  }
  if (typeof node.type === 'string') visit(node);
  for (const key of Object.keys(node)) {
    if (key !== 'parent') walkTree(node[key], visit);
  }
}

const isNothing = (node: Node) =>
  (node.type === 'Literal' && node.value === null) ||
  (node.type === 'Identifier' && node.name === 'undefined');

/** What a name stands for where it is read: the value of its `const`, or null for anything else. */
type Resolve = (identifier: Node) => Node | null;

/**
 * Whether an attribute's expression is a checked URL: a check's call, a constant written in the
 * source, nothing, a choice or fallback between those, or a `const` in scope holding one.
 */
function isChecked(node: Node, resolve: Resolve, seen = new Set<Node>()): boolean {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' || node.value === null;
    case 'TemplateLiteral':
      return node.expressions.length === 0;
    case 'CallExpression':
      return node.callee.type === 'Identifier' && CHECKS.has(node.callee.name);
    case 'LogicalExpression':
      return (
        isChecked(node.left, resolve, seen) &&
        (isNothing(node.right) || isChecked(node.right, resolve, seen))
      );
    case 'ConditionalExpression':
      return isChecked(node.consequent, resolve, seen) && isChecked(node.alternate, resolve, seen);
    case 'ParenthesizedExpression':
    case 'TSNonNullExpression':
      return isChecked(node.expression, resolve, seen);
    case 'Identifier': {
      if (node.name === 'undefined') return true;
      const value = resolve(node);
      if (value === null || seen.has(value)) return false;
      return isChecked(value, resolve, new Set([...seen, value]));
    }
    default:
      return false;
  }
}

/** A name declared in a source: the stretch of source where it is seen, and its value. */
interface Binding {
  name: string;
  start: number;
  end: number;
  /** A `const name = value`'s value; null for a parameter, `let`, import, destructured name… */
  value: Node | null;
}

/** The nodes a `let` or `const` belongs to: the nearest of these around it. */
const BLOCK_SCOPES = new Set([
  'Program',
  'BlockStatement',
  'StaticBlock',
  'SwitchStatement',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
]);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The names a declaration's pattern binds (`a`, `{ a, b: c }`, `[d, ...e]`, `f = 1`). */
function namesIn(pattern: Node): Node[] {
  switch (pattern?.type) {
    case 'Identifier':
      return [pattern];
    case 'AssignmentPattern':
      return namesIn(pattern.left);
    case 'RestElement':
      return namesIn(pattern.argument);
    case 'ArrayPattern':
      return pattern.elements.flatMap((element: Node) => (element ? namesIn(element) : []));
    case 'ObjectPattern':
      return pattern.properties.flatMap((property: Node) =>
        namesIn(property.type === 'RestElement' ? property : property.value),
      );
    case 'TSParameterProperty':
      return namesIn(pattern.parameter);
    default:
      return [];
  }
}

/**
 * Reads the source's names by scope: a name is what its nearest declaration around the place it
 * is read makes it. A parameter or a `let` called `url` in one component is not another
 * component's checked `const url`.
 */
function resolverOf(program: Node): Resolve {
  const bindings: Binding[] = [];
  const declare = (pattern: Node, scope: Node, value: Node | null) => {
    for (const name of namesIn(pattern)) {
      bindings.push({
        name: name.name,
        start: scope.start,
        end: scope.end,
        value: pattern.type === 'Identifier' ? value : null,
      });
    }
  };
  const nearest = (ancestors: Node[], kinds: Set<string>) =>
    ancestors.findLast((ancestor) => kinds.has(ancestor.type)) ?? program;
  const visit = (node: Node, ancestors: Node[]) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, ancestors);
      return;
    }
    if (typeof node.type !== 'string') return;
    switch (node.type) {
      case 'VariableDeclaration': {
        const scope =
          node.kind === 'var'
            ? nearest(ancestors, new Set(['Program', ...FUNCTIONS]))
            : nearest(ancestors, BLOCK_SCOPES);
        for (const declarator of node.declarations) {
          declare(declarator.id, scope, node.kind === 'const' ? (declarator.init ?? null) : null);
        }
        break;
      }
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
        if (node.id) declare(node.id, nearest(ancestors, BLOCK_SCOPES), null);
        break;
      case 'ImportDeclaration':
        for (const specifier of node.specifiers) declare(specifier.local, program, null);
        break;
      case 'CatchClause':
        if (node.param) declare(node.param, node, null);
        break;
    }
    if (FUNCTIONS.has(node.type)) {
      for (const parameter of node.params) declare(parameter, node, null);
      if (node.type === 'FunctionExpression' && node.id) declare(node.id, node, null);
    }
    const inside = [...ancestors, node];
    for (const key of Object.keys(node)) {
      if (key !== 'parent') visit(node[key], inside);
    }
  };
  visit(program, []);
  return (identifier) => {
    let found: Binding | null = null;
    for (const binding of bindings) {
      if (binding.name !== identifier.name) continue;
      if (binding.start > identifier.start || binding.end < identifier.end) continue;
      if (!found || binding.end - binding.start < found.end - found.start) found = binding;
    }
    return found?.value ?? null;
  };
}

const elementName = (name: Node): string =>
  name.type === 'JSXIdentifier'
    ? name.name
    : name.type === 'JSXMemberExpression'
      ? `${elementName(name.object)}.${name.property.name}`
      : String(name.name?.name ?? name.name);

/** The unchecked URL sinks of one .tsx source, as "line: <element attribute={…}>". */
function uncheckedSinks(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source, { lang: 'tsx' });
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const resolve = resolverOf(program);
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const found: string[] = [];
  walkTree(program, (node) => {
    if (node.type !== 'JSXOpeningElement') return;
    const name = elementName(node.name);
    const intrinsic = /^[a-z]/.test(name) && !name.includes('.');
    const held = intrinsic || UNCHECKED_COMPONENTS.has(name);
    if (!held) return;
    let lastSpread = -1;
    let lastSink = -1;
    node.attributes.forEach((attribute: Node, index: number) => {
      if (attribute.type === 'JSXSpreadAttribute') {
        lastSpread = index;
        return;
      }
      const attributeName = elementName(attribute.name);
      if (!SINK_ATTRIBUTES.has(attributeName)) return;
      lastSink = index;
      const value = attribute.value;
      const expression = value?.type === 'JSXExpressionContainer' ? value.expression : value;
      if (expression === null || expression === undefined) return;
      const sink = `${name} ${source.slice(attribute.start, attribute.end)}`;
      if (isChecked(expression, resolve)) return;
      if (ALLOWED.some((allowed) => allowed.file === file && allowed.sink === sink)) return;
      found.push(`${lineOf(attribute.start)}: <${sink}>`);
    });
    // A spread may carry a URL attribute: the checked one must come after it, to have the last word.
    if (intrinsic && URL_ELEMENTS.has(name) && lastSpread > lastSink) {
      found.push(`${lineOf(node.start)}: <${name} {...}> with no checked URL after its spread`);
    }
  });
  return found;
}

/**
 * Whether a link handed to Telegram is visibly safe: a checked URL, a template that starts with
 * Telegram's own host (nothing after it can change where it goes), the build's config, or core's
 * share link (Telegram's host again).
 */
function isOpenable(node: Node, resolve: Resolve): boolean {
  if (isChecked(node, resolve)) return true;
  if (node.type === 'TemplateLiteral') {
    return (node.quasis[0]?.value.cooked ?? '').startsWith('https://t.me/');
  }
  if (node.type === 'MemberExpression') {
    return node.object.type === 'Identifier' && node.object.name === 'config';
  }
  return (
    node.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'telegramShareLink'
  );
}

/** The calls of a source that hand Telegram a link that is not visibly safe, nor allowed. */
function uncheckedOpens(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const resolve = resolverOf(program);
  const found: string[] = [];
  walkTree(program, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return;
    const name = node.callee.property?.name;
    if (name !== 'openLink' && name !== 'openTelegramLink') return;
    const argument = node.arguments[0];
    if (argument && isOpenable(argument, resolve)) return;
    const call = source.slice(node.start, node.end);
    if (ALLOWED_OPENS.some((allowed) => allowed.file === file && allowed.call === call)) return;
    found.push(`${source.slice(0, node.start).split('\n').length}: ${call}`);
  });
  return found;
}

/** The lines of a .ts or .tsx source that set a URL or HTML outside JSX, and are not allowed. */
function textSinks(file: string, source: string): string[] {
  return source
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => TEXT_SINKS.test(line) && !line.startsWith('//') && !line.startsWith('*'))
    .filter(
      ({ line }) => !ALLOWED_TEXT.some((allowed) => allowed.file === file && allowed.line === line),
    )
    .map(({ line, number }) => `${number}: ${line}`);
}

describe('URL sinks', () => {
  it('finds an unchecked sink in each form it can take', () => {
    const sample = [
      'const checked = safeUrl(raw);',
      'const unchecked = raw;',
      'export const A = () => <img src={media.url} alt="" />;',
      'export const B = () => <a href={unchecked}>x</a>;',
      'export const C = () => <a href={"https://t.me/" + name}>x</a>;',
      'export const D = () => <PrefetchLink href={link}>x</PrefetchLink>;',
      'export const E = () => <a href={safeUrl(x)} {...props}>x</a>;',
      'export const F = () => <img src={flag ? safeUrl(x) : raw} alt="" />;',
      'export const G = () => <source srcSet={set} />;',
      'export const H = () => <img src={checked} alt="" />;',
      'export const I = () => <a {...props} href={safeUrl(x) ?? undefined}>x</a>;',
      'export const J = () => <PrefetchLink href={href("users", { bot })}>x</PrefetchLink>;',
      'export const K = () => <Avatar src={raw} />;',
      // A name is what its nearest declaration makes it: not another scope's checked const.
      'export const L = ({ checked }) => <img src={checked} alt="" />;',
      'export function M(checked) { return <a href={checked}>x</a>; }',
      'export function N() { const local = raw; { const local = safeUrl(x); } return <img src={local} alt="" />; }',
      'export function O() { let checked = raw; return <img src={checked} alt="" />; }',
      'export function P() { const local = safeUrl(x); return <img src={local} alt="" />; }',
      'export function Q() { return list.map((checked) => <img src={checked} alt="" />); }',
    ].join('\n');
    expect(uncheckedSinks('sample.tsx', sample)).toEqual([
      '3: <img src={media.url}>',
      '4: <a href={unchecked}>',
      '5: <a href={"https://t.me/" + name}>',
      '6: <PrefetchLink href={link}>',
      '7: <a {...}> with no checked URL after its spread',
      '8: <img src={flag ? safeUrl(x) : raw}>',
      '9: <source srcSet={set}>',
      '14: <img src={checked}>',
      '15: <a href={checked}>',
      '16: <img src={local}>',
      '17: <img src={checked}>',
      '19: <img src={checked}>',
    ]);
  });

  it('finds a URL or HTML set outside JSX', () => {
    expect(
      textSinks('x.ts', 'image.src = raw;\nwindow.open(raw);\nconst ok = a.src === b;'),
    ).toEqual(['1: image.src = raw;', '2: window.open(raw);']);
  });

  it("sends every src and href of the app and the design system through core's safeUrl", () => {
    const files = sourceFiles(/\.tsx$/);
    const sinks = files.flatMap((file) =>
      uncheckedSinks(file, readFileSync(join(ROOT, file), 'utf8')).map((sink) => `${file}:${sink}`),
    );
    console.info(`URL sinks: ${files.length} .tsx files read, ${sinks.length} unchecked`);
    expect(sinks).toEqual([]);
  });

  it('finds a link handed to Telegram that is not visibly safe', () => {
    const sample = [
      'platform.openLink(popup.link);',
      // A template's placeholder in the sample source, spelt so no tool reads it as one here.
      `platform.openTelegramLink(\`https://t.me/${'$'}{name}\`);`,
      `platform.openLink(\`${'$'}{base}/x\`);`,
      'platform.openLink(safeUrl(popup.link) ?? "");',
      'platform.openTelegramLink(config.supportUrl);',
    ].join('\n');
    expect(uncheckedOpens('sample.ts', sample)).toEqual([
      '1: platform.openLink(popup.link)',
      `3: platform.openLink(\`${'$'}{base}/x\`)`,
    ]);
  });

  it('hands Telegram only checked links, or links to Telegram itself', () => {
    const files = sourceFiles(/\.tsx?$/);
    const opens = files.flatMap((file) =>
      uncheckedOpens(file, readFileSync(join(ROOT, file), 'utf8')).map((call) => `${file}:${call}`),
    );
    expect(opens).toEqual([]);
    for (const allowed of ALLOWED_OPENS) {
      expect(readFileSync(join(ROOT, allowed.file), 'utf8')).toContain(allowed.call);
    }
  });

  it('sets no URL or HTML outside JSX but the allowed ones', () => {
    const files = sourceFiles(/\.tsx?$/);
    const sinks = files.flatMap((file) =>
      textSinks(file, readFileSync(join(ROOT, file), 'utf8')).map((sink) => `${file}:${sink}`),
    );
    expect(sinks).toEqual([]);
    // Each allowance still names a line that exists, so none outlives its reason.
    for (const allowed of ALLOWED_TEXT) {
      expect(readFileSync(join(ROOT, allowed.file), 'utf8')).toContain(allowed.line);
    }
    for (const allowed of ALLOWED) {
      const source = readFileSync(join(ROOT, allowed.file), 'utf8');
      expect(source).toContain(allowed.sink.slice(allowed.sink.indexOf(' ') + 1));
    }
  });

  it('reads the folders it names', () => {
    expect(relative(ROOT, join(ROOT, SCANNED[0] ?? ''))).toBe('app/src');
    expect(sourceFiles(/\.tsx$/).length).toBeGreaterThan(100);
  });
});
