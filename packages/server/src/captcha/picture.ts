import { CAPTCHA_SCENES } from './scenes';

/**
 * One picture of a grid, as the page's <img> gets it: scene `scene` redrawn by `variant`, a
 * 52-bit number the server drew for this cell of this grid and never sends. The same scene never
 * comes out the same twice: the whole drawing is mirrored or not, scaled, turned and moved;
 * every point moves a little on its own; a straight edge may become a slight curve; the colours
 * shift (not so far that an orange cat turns blue: the described mode names colours); faint
 * stray shapes go between the scene's and specks of noise over it. Only paths come out, so no
 * element's kind tells a circle-faced cat from a wheel. The same variant always draws the same
 * bytes, so a picture's address serves one picture.
 */

type Point = [number, number];

interface Segment {
  command: 'M' | 'L' | 'C' | 'Q' | 'T' | 'Z';
  points: Point[];
}

/** How many points each path command takes. */
const ARITY = { M: 1, L: 1, C: 3, Q: 2, T: 1, Z: 0 } as const;

/** The numbers of a variant, in order: sfc32 over its two halves (the same on every engine). */
function generator(variant: number): () => number {
  let a = variant >>> 0;
  let b = Math.floor(variant / 2 ** 32) >>> 0;
  let c = 0x9e3779b9;
  let d = 1;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([\w-]+)="([^"]*)"/g)) {
    attributes[name as string] = value as string;
  }
  return attributes;
}

function parsePath(d: string): Segment[] {
  const tokens = d.match(/[MLCQTZ]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
  const segments: Segment[] = [];
  let command: Segment['command'] = 'M';
  let numbers: number[] = [];
  const flush = () => {
    const arity = ARITY[command];
    if (arity === 0) {
      segments.push({ command, points: [] });
      return;
    }
    for (let i = 0; i + arity * 2 <= numbers.length; i += arity * 2) {
      const points: Point[] = [];
      for (let p = 0; p < arity; p++) {
        points.push([numbers[i + p * 2] as number, numbers[i + p * 2 + 1] as number]);
      }
      // Points after a move's first are lines, as SVG reads them.
      segments.push({ command: command === 'M' && i > 0 ? 'L' : command, points });
    }
  };
  for (const token of tokens) {
    if (/^[MLCQTZ]$/.test(token)) {
      if (numbers.length > 0 || command === 'Z') flush();
      command = token as Segment['command'];
      numbers = [];
    } else numbers.push(Number(token));
  }
  flush();
  return segments;
}

/** The curve constant that makes four cubic Béziers a circle. */
const KAPPA = 0.5523;

function ellipsePath(cx: number, cy: number, rx: number, ry: number): Segment[] {
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  return [
    { command: 'M', points: [[cx + rx, cy]] },
    {
      command: 'C',
      points: [
        [cx + rx, cy + ky],
        [cx + kx, cy + ry],
        [cx, cy + ry],
      ],
    },
    {
      command: 'C',
      points: [
        [cx - kx, cy + ry],
        [cx - rx, cy + ky],
        [cx - rx, cy],
      ],
    },
    {
      command: 'C',
      points: [
        [cx - rx, cy - ky],
        [cx - kx, cy - ry],
        [cx, cy - ry],
      ],
    },
    {
      command: 'C',
      points: [
        [cx + kx, cy - ry],
        [cx + rx, cy - ky],
        [cx + rx, cy],
      ],
    },
    { command: 'Z', points: [] },
  ];
}

function rectPath(x: number, y: number, w: number, h: number, r: number): Segment[] {
  if (r <= 0) {
    return [
      { command: 'M', points: [[x, y]] },
      { command: 'L', points: [[x + w, y]] },
      { command: 'L', points: [[x + w, y + h]] },
      { command: 'L', points: [[x, y + h]] },
      { command: 'Z', points: [] },
    ];
  }
  return [
    { command: 'M', points: [[x + r, y]] },
    { command: 'L', points: [[x + w - r, y]] },
    {
      command: 'Q',
      points: [
        [x + w, y],
        [x + w, y + r],
      ],
    },
    { command: 'L', points: [[x + w, y + h - r]] },
    {
      command: 'Q',
      points: [
        [x + w, y + h],
        [x + w - r, y + h],
      ],
    },
    { command: 'L', points: [[x + r, y + h]] },
    {
      command: 'Q',
      points: [
        [x, y + h],
        [x, y + h - r],
      ],
    },
    { command: 'L', points: [[x, y + r]] },
    {
      command: 'Q',
      points: [
        [x, y],
        [x + r, y],
      ],
    },
    { command: 'Z', points: [] },
  ];
}

function shapeSegments(tag: string, a: Record<string, string>): Segment[] {
  const n = (name: string) => Number(a[name] ?? 0);
  switch (tag) {
    case 'rect':
      return rectPath(n('x'), n('y'), n('width'), n('height'), n('rx'));
    case 'circle':
      return ellipsePath(n('cx'), n('cy'), n('r'), n('r'));
    case 'ellipse':
      return ellipsePath(n('cx'), n('cy'), n('rx'), n('ry'));
    default:
      return parsePath(a.d ?? '');
  }
}

/** A colour moved by `hue` degrees, `saturation` and `lightness` (fractions), as #rrggbb. */
function shiftColour(hex: string, hue: number, saturation: number, lightness: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return hex;
  const value = Number.parseInt(match[1] as string, 16);
  const r = ((value >> 16) & 0xff) / 255;
  const g = ((value >> 8) & 0xff) / 255;
  const b = (value & 0xff) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let h = 0;
  const l = (max + min) / 2;
  const delta = max - min;
  const s = delta === 0 ? 0 : delta / (1 - Math.abs(2 * l - 1));
  if (delta !== 0) {
    if (max === r) h = 60 * (((g - b) / delta + 6) % 6);
    else if (max === g) h = 60 * ((b - r) / delta + 2);
    else h = 60 * ((r - g) / delta + 4);
  }
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const h2 = (((h + hue) % 360) + 360) % 360;
  const s2 = clamp(s * (1 + saturation));
  const l2 = clamp(l + lightness);
  const c = (1 - Math.abs(2 * l2 - 1)) * s2;
  const x = c * (1 - Math.abs(((h2 / 60) % 2) - 1));
  const m = l2 - c / 2;
  const [r1, g1, b1] =
    h2 < 60
      ? [c, x, 0]
      : h2 < 120
        ? [x, c, 0]
        : h2 < 180
          ? [0, c, x]
          : h2 < 240
            ? [0, x, c]
            : h2 < 300
              ? [x, 0, c]
              : [c, 0, x];
  const channel = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r1)}${channel(g1)}${channel(b1)}`;
}

const round = (value: number) => String(Math.round(value * 10) / 10);

/** Draws scene `scene` of the set as variant `variant`: a whole SVG document. */
export function drawCaptchaPicture(scene: number, variant: number): string {
  const drawing = CAPTCHA_SCENES[scene];
  if (!drawing) throw new RangeError(`No captcha scene ${scene}`);
  const next = generator(variant);
  const between = (low: number, high: number) => low + (high - low) * next();

  // The whole picture: large enough that a turned square still fills the box.
  const scale = between(1.12, 1.2);
  const stretch = between(-0.04, 0.04);
  const angle = (between(-4, 4) * Math.PI) / 180;
  const mirror = next() < 0.5 ? -1 : 1;
  const shiftX = between(-2, 2);
  const shiftY = between(-2, 2);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const sx = scale * (1 + stretch) * mirror;
  const sy = scale * (1 - stretch);
  const wobble = 0.5;
  const place = ([x, y]: Point): Point => {
    const px = (x - 60) * sx;
    const py = (y - 60) * sy;
    return [
      60 + shiftX + px * cos - py * sin + between(-wobble, wobble),
      60 + shiftY + px * sin + py * cos + between(-wobble, wobble),
    ];
  };

  const hue = between(-6, 6);
  const saturation = between(-0.1, 0.1);
  const lightness = between(-0.05, 0.05);
  const colour = (value: string | undefined) =>
    value === undefined
      ? undefined
      : shiftColour(value, hue + between(-3, 3), saturation, lightness + between(-0.02, 0.02));

  const pathOf = (segments: readonly Segment[]) => {
    let d = '';
    let at: Point = [0, 0];
    for (const { command, points } of segments) {
      if (command === 'L' && next() < 0.4) {
        // A straight edge drawn as a barely bent curve: the same line, other words for it.
        const [x, y] = points[0] as Point;
        const bend = between(-0.6, 0.6);
        const c1: Point = [at[0] + (x - at[0]) / 3 + bend, at[1] + (y - at[1]) / 3 - bend];
        const c2: Point = [
          at[0] + ((x - at[0]) * 2) / 3 - bend,
          at[1] + ((y - at[1]) * 2) / 3 + bend,
        ];
        d += `C${[c1, c2, [x, y] as Point].map((p) => place(p).map(round).join(' ')).join(' ')}`;
      } else {
        d += command + points.map((p) => place(p).map(round).join(' ')).join(' ');
      }
      if (points.length > 0) at = points[points.length - 1] as Point;
    }
    return d;
  };

  const stray = () => {
    const x = between(0, 120);
    const y = between(0, 120);
    const size = between(4, 18);
    const points: Point[] = [0, 1, 2].map((corner) => {
      const turn = (corner * 2 * Math.PI) / 3 + between(-0.5, 0.5);
      return [x + Math.cos(turn) * size, y + Math.sin(turn) * size];
    });
    const d = `M${points.map((p) => p.map(round).join(' ')).join('L')}Z`;
    const tint = shiftColour('#808080', 0, 0, between(-0.4, 0.4));
    return `<path d="${d}" fill="${tint}" opacity="${between(0.05, 0.15).toFixed(2)}"/>`;
  };

  const body: string[] = [];
  let groups = 0;
  for (const [, closing, tag, rest] of drawing.shapes.matchAll(/<(\/?)(\w+)([^>]*)>/g)) {
    if (tag === 'g') {
      if (closing) {
        groups--;
        body.push('</g>');
      } else {
        groups++;
        const a = parseAttributes(rest as string);
        const stroke = colour(a.stroke);
        const attributes = [
          stroke ? `stroke="${stroke}"` : '',
          a['stroke-width'] ? `stroke-width="${round(Number(a['stroke-width']) * scale)}"` : '',
          a['stroke-linecap'] ? `stroke-linecap="${a['stroke-linecap']}"` : '',
        ].filter(Boolean);
        body.push(`<g${attributes.length ? ` ${attributes.join(' ')}` : ''}>`);
      }
      continue;
    }
    const a = parseAttributes(rest as string);
    const fill = a.fill === 'none' ? 'none' : colour(a.fill);
    const stroke = colour(a.stroke);
    const attributes = [
      `d="${pathOf(shapeSegments(tag as string, a))}"`,
      fill ? `fill="${fill}"` : '',
      stroke ? `stroke="${stroke}"` : '',
      a['stroke-width'] ? `stroke-width="${round(Number(a['stroke-width']) * scale)}"` : '',
      a['stroke-linecap'] ? `stroke-linecap="${a['stroke-linecap']}"` : '',
      a['stroke-dasharray']
        ? `stroke-dasharray="${a['stroke-dasharray']
            .split(/[\s,]+/)
            .map((dash) => round(Number(dash) * scale))
            .join(' ')}"`
        : '',
      a.opacity ? `opacity="${a.opacity}"` : '',
    ].filter(Boolean);
    body.push(`<path ${attributes.join(' ')}/>`);
    // Now and then a faint stray shape between the scene's own (never inside a group).
    if (next() < 0.12 && groups === 0) body.push(stray());
  }
  // Specks of noise over the whole picture.
  const specks = 24 + Math.floor(next() * 16);
  for (let i = 0; i < specks; i++) {
    const x = between(0, 120);
    const y = between(0, 120);
    const r = between(0.4, 1.4);
    const tint = shiftColour('#808080', 0, 0, between(-0.45, 0.45));
    body.push(
      `<path d="M${round(x - r)} ${round(y)}L${round(x)} ${round(y - r)}L${round(x + r)} ${round(y)}L${round(x)} ${round(y + r)}Z" fill="${tint}" opacity="${between(0.15, 0.4).toFixed(2)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">${body.join('')}</svg>`;
}
