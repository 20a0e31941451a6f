/**
 * What a picture cannot be trusted to show a reviewer: text that does not fit. Runs in the story's
 * page, for each mode a story is photographed in (vitest.setup.storybook.ts), and returns one
 * line per problem:
 *
 * - clipped: text cut off by a box that hides its overflow (`overflow: hidden` or `clip`, which
 *   is also how `text-overflow: ellipsis` cuts), unless the box says it truncates on purpose
 *   with `data-truncates` (names and links from people, never interface texts);
 * - off screen: text that sticks out past the side of the phone's screen, outside any box that
 *   scrolls sideways;
 * - spills: text wider than a box it is laid out in (a nowrap label in a narrow segment), so it
 *   is painted over its neighbours ("HeartThumbs up") or under them;
 * - scrolls sideways: the page itself is wider than the screen (a row of buttons or a card
 *   pushed past its side, with or without text in the part that sticks out), so a person's
 *   thumb drags the whole screen sideways;
 * - broken word: a word of the interface split across two lines because its box is too narrow
 *   for it ("пользоват-еля"); words with digits or symbols (links, usernames, ids) may break;
 * - not mirrored (right-to-left locales): text aligned to the left, Arabic letters laid out
 *   left to right, or a pointing icon (back arrow, chevron) that still points the left-to-right
 *   way.
 */

/** A pixel of slack: sub-pixel layout and anti-aliasing never count as clipping. */
const SLACK = 1;

/**
 * A word that must never be split: letters (and their marks) only, and no longer than a word of
 * a language gets (longer runs are typed stress text, "xxxx…", which may break anywhere).
 */
const WORD = /[\p{L}\p{M}]+/gu;
const LONGEST_WORD = 30;

/** Boxes that are only their text's lines: a text never spills out of them. */
const INLINE = new Set(['inline', 'contents', 'none']);

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Shortens a text for a problem line. */
const quote = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 57)}…` : flat);
};

/** The part of `element` its content shows through (its padding box). */
function paddingBox(element: Element): Box {
  const rect = element.getBoundingClientRect();
  const left = rect.left + element.clientLeft;
  const top = rect.top + element.clientTop;
  return { left, top, right: left + element.clientWidth, bottom: top + element.clientHeight };
}

/**
 * Text a person does not see at all is never "clipped": the screen-reader-only labels (a 1 px
 * box that clips everything on purpose) and text inside something hidden.
 */
function isUnseen(element: Element, style: CSSStyleDeclaration): boolean {
  if (style.visibility === 'hidden' || style.opacity === '0') return true;
  const rect = element.getBoundingClientRect();
  if (rect.width <= 1 || rect.height <= 1) return true;
  return style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '');
}

/** `compute` for an element, worked out once per check however many texts ask for it. */
function perElement<T>(compute: (element: Element) => T): (element: Element) => T {
  const known = new Map<Element, T>();
  return (element) => {
    if (!known.has(element)) known.set(element, compute(element));
    return known.get(element) as T;
  };
}

export function fitProblems(root: HTMLElement = document.body): string[] {
  const problems: string[] = [];
  const styleOf = perElement((element) => getComputedStyle(element));
  const screenWidth = document.documentElement.clientWidth;
  const rtl = document.documentElement.dir === 'rtl';
  const reported = new Set<Element>();
  // Each element is judged once, however many texts it holds.
  const unseen = new Map<Element, boolean>();
  const isUnseenWithin = (element: Element | null): boolean => {
    if (!element || element === root.parentElement) return false;
    let known = unseen.get(element);
    if (known === undefined) {
      known = isUnseen(element, styleOf(element)) || isUnseenWithin(element.parentElement);
      unseen.set(element, known);
    }
    return known;
  };
  const boxOf = perElement(paddingBox);
  const report = (element: Element, line: string) => {
    if (reported.has(element)) return;
    reported.add(element);
    problems.push(line);
  };

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const parent = node.parentElement;
    if (!parent || !text.trim()) continue;
    if (parent.closest('script, style, noscript, [data-test-only], svg')) continue;

    if (isUnseenWithin(parent)) continue;

    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
    if (rects.length === 0) continue;

    // Clipped by a box on the way up, or sticking out past the screen's side.
    let scrollsSideways = false;
    // Inside a box that truncates on purpose, what is cut is meant to be (off screen too).
    let truncated = false;
    // The first box on the way up that the text runs out of sideways, painted over whatever is
    // beside it (a label wider than its segment); looked for up to a box that scrolls, clips or
    // is laid over the page (a badge on a corner may stick out on purpose).
    let spillsOutOf: Element | null = null;
    let lookForSpill = true;
    // The page itself (body, html) is the screen: its edges are the off-screen check's.
    for (
      let element: Element | null = parent;
      element && element !== document.body;
      element = element.parentElement
    ) {
      const style = styleOf(element);
      if (element.hasAttribute('data-truncates')) {
        truncated = true;
        break;
      }
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (lookForSpill && style.overflowX === 'visible' && !INLINE.has(style.display)) {
        const box = element.getBoundingClientRect();
        if (
          box.width > 0 &&
          rects.some((rect) => rect.left < box.left - SLACK || rect.right > box.right + SLACK)
        ) {
          spillsOutOf = element;
          lookForSpill = false;
        }
      }
      if (
        style.overflowX !== 'visible' ||
        style.position === 'absolute' ||
        style.position === 'fixed'
      )
        lookForSpill = false;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') scrollsSideways = true;
      if (clipsX || clipsY) {
        const box = boxOf(element);
        const cut = rects.some(
          (rect) =>
            (clipsX && (rect.left < box.left - SLACK || rect.right > box.right + SLACK)) ||
            (clipsY && (rect.top < box.top - SLACK || rect.bottom > box.bottom + SLACK)),
        );
        if (cut) {
          report(parent, `clipped: ${quote(text)} is cut off by its box <${describe(element)}>`);
          break;
        }
      }
    }
    // Only text that wraps can split a word; one rect means one line.
    if (rects.length > 1) {
      for (const match of text.matchAll(WORD)) {
        if (match[0].length < 2 || match[0].length > LONGEST_WORD) continue;
        const start = match.index ?? 0;
        const end = start + match[0].length;
        // A word that continues into a neighbouring token (snake_case, an address) may break.
        if (/[\w@./-]/u.test(text[start - 1] ?? '') || /[\w@./-]/u.test(text[end] ?? '')) continue;
        range.setStart(node, start);
        range.setEnd(node, end);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) {
          report(parent, `broken word: "${match[0]}" is split across lines in ${quote(text)}`);
          break;
        }
      }
      range.selectNodeContents(node);
    }
    if (
      !scrollsSideways &&
      !truncated &&
      rects.some((rect) => rect.left < -SLACK || rect.right > screenWidth + SLACK)
    )
      report(parent, `off screen: ${quote(text)} sticks out past the side of the screen`);
    // In a box that scrolls sideways, text wider than its own box is scrolled to, not hidden.
    else if (spillsOutOf && !truncated && !scrollsSideways)
      report(
        parent,
        `spills: ${quote(text)} runs out of its box <${describe(spillsOutOf)}> over what is beside it`,
      );

    if (rtl) {
      const style = styleOf(parent);
      if (style.textAlign === 'left' && parent.closest('[dir="ltr"]') === null)
        report(parent, `not mirrored: ${quote(text)} is aligned left`);
      if (style.direction === 'ltr' && ARABIC_LETTER.test(text))
        report(parent, `not mirrored: ${quote(text)} is laid out left to right`);
    }
  }
  range.detach();

  // Text off screen already says why the page is wider than the screen; this is for the rest.
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > screenWidth + SLACK && !problems.some((line) => line.startsWith('off screen'))) {
    const widest = widestOverhang(root, screenWidth, styleOf);
    problems.push(
      `scrolls sideways: the page is ${pageWidth} px wide on a ${screenWidth} px screen${
        widest ? `, <${describe(widest)}> reaches past its side` : ''
      }`,
    );
  }

  if (rtl) {
    for (const icon of root.querySelectorAll('svg[data-directional]')) {
      const style = styleOf(icon);
      if (isUnseen(icon, style) || icon.closest('[dir="ltr"]')) continue;
      const matrix = new DOMMatrixReadOnly(
        style.transform === 'none' ? undefined : style.transform,
      );
      if (matrix.a >= 0)
        report(
          icon,
          `not mirrored: the "${icon.getAttribute('data-icon')}" icon points left-to-right`,
        );
    }
  }
  return problems;
}

/**
 * The outermost element that reaches past a side of the screen outside any box that scrolls
 * sideways: where to look when the page scrolls sideways.
 */
function widestOverhang(
  root: HTMLElement,
  screenWidth: number,
  styleOf: (element: Element) => CSSStyleDeclaration,
): Element | null {
  const overhangs = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && (rect.left < -SLACK || rect.right > screenWidth + SLACK);
  };
  const scrolls = (element: Element) => {
    const { overflowX } = styleOf(element);
    return overflowX !== 'visible';
  };
  const walk = (element: Element): Element | null => {
    for (const child of element.children) {
      if (child.closest('[data-test-only]')) continue;
      if (overhangs(child)) return child;
      if (scrolls(child)) continue;
      const inner = walk(child);
      if (inner) return inner;
    }
    return null;
  };
  return walk(root);
}

/** How a problem line names a box: its tag, and its test id, role or class when it has one. */
function describe(element: Element): string {
  const name =
    element.getAttribute('data-testid') ??
    element.getAttribute('role') ??
    (typeof element.className === 'string' ? element.className.split(' ')[0] : '');
  return name ? `${element.tagName.toLowerCase()} ${name}` : element.tagName.toLowerCase();
}
