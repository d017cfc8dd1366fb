import type { BottleArt, BottleShape, SceneArt } from "./demo-types.ts";

/**
 * Generated pictures of the demo catalogue: product "photographs" of bottles and illustrated scenes
 * for the showcase. Pure string building; the seed renders the SVG to PNG. No <text> anywhere, so a
 * machine without fonts draws the same picture.
 */

// ---------------------------------------------------------------------------------------------
// Numbers and colours

const n = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};

type Rgb = [number, number, number];

function rgb(color: string): Rgb {
  let h = color.trim().replace(/^#/, "");
  if (h.length === 3 || h.length === 4) {
    h = h
      .slice(0, 3)
      .split("")
      .map((c) => c + c)
      .join("");
  }
  if (!/^[0-9a-fA-F]{6}/.test(h)) return [128, 128, 128];
  const v = Number.parseInt(h.slice(0, 6), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const shade = (c: string, t: number): string => mix(c, "#000000", t);
const tint = (c: string, t: number): string => mix(c, "#ffffff", t);

function lum(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Deterministic pseudo-random numbers, so the same art always gives the same picture. */
function rng(seedText: string): () => number {
  let s = 2166136261;
  for (const ch of seedText) s = Math.imul(s ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// SVG building blocks

type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map(
      ([o, c, a]) =>
        `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${n(a * 100) === "0" ? "0" : String(Math.round(a * 1000) / 1000)}"`}/>`,
    )
    .join("");
}

function linear(id: string, list: Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 0): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

function linearUser(id: string, list: Stop[], x1: number, y1: number, x2: number, y2: number): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`;
}

function radial(id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

function blur(id: string, sd: number): string {
  return `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;
}

function doc(width: number, height: number, vbW: number, vbH: number, defs: string[], body: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${vbW} ${vbH}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${defs.join("")}</defs>${body.join("")}</svg>`
  );
}

interface Pt {
  x: number;
  y: number;
  /** A corner: the curve does not round it. */
  c?: boolean;
}

/** A closed Catmull-Rom curve through the points. */
function smoothLoop(pts: Pt[]): string {
  const len = pts.length;
  const p = (i: number): Pt => pts[((i % len) + len) % len] as Pt;
  let d = `M${n(p(0).x)} ${n(p(0).y)}`;
  for (let i = 0; i < len; i++) {
    const p0 = p(i - 1);
    const p1 = p(i);
    const p2 = p(i + 1);
    const p3 = p(i + 2);
    const c1 = p1.c ? p1 : { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = p2.c ? p2 : { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`;
  }
  return `${d}Z`;
}

/** The outline of a body of revolution from its right half (bottom to top). */
function mirrored(profile: Pt[]): Pt[] {
  return [...profile, ...profile.map((q) => ({ ...q, x: -q.x })).reverse()];
}

/** A band following the contour at fractions a..b of the half width (negative: the right side). */
function contourBand(profile: Pt[], a: number, b: number, yFrom: number, yTo: number): string {
  const part = profile.filter((q) => q.y <= yFrom && q.y >= yTo);
  if (part.length < 2) return "";
  const up = part.map((q, i) => ({ x: -a * q.x, y: q.y, c: i === 0 || i === part.length - 1 }));
  const down = part.map((q, i) => ({ x: -b * q.x, y: q.y, c: i === 0 || i === part.length - 1 })).reverse();
  return smoothLoop([...up, ...down]);
}

/** Like smoothLoop but from an explicit polar function (for leaves, petals and clouds). */
function polarPath(cx: number, cy: number, r: (t: number) => number, steps = 72, rot = 0): string {
  const pts: string[] = [];
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    const rr = r(t);
    pts.push(`${n(cx + Math.cos(t + rot) * rr)} ${n(cy + Math.sin(t + rot) * rr)}`);
  }
  return `M${pts.join("L")}Z`;
}

// ---------------------------------------------------------------------------------------------
// Bottles (drawn in millimetre-like units, base centre at 0,0, up is negative y)

type LabelKind = "rect" | "arched" | "oval" | "washi" | "lattice";
type Closure = "foil" | "champagne" | "cork" | "cap" | "stopper";

interface ShapeSpec {
  profile: Pt[];
  /** Half width of the body. */
  r: number;
  neckR: number;
  /** Top of the straight neck (below the lip). */
  neckY: number;
  /** Top of the closure: the bottle's full height. */
  topY: number;
  /** Clear glass: the liquid of colour `glass` shows up to fillY. */
  clear: boolean;
  fillY: number;
  foilY?: number;
  closure: Closure;
  label: { kind: LabelKind; top: number; bottom: number; w: number; sag: number };
  neckBand?: [number, number];
  crest: "chateau" | "grapes" | "shield" | "crown" | "juniper" | "enso";
}

const P = (x: number, y: number, c?: boolean): Pt => (c ? { x, y, c } : { x, y });

const SHAPES: Record<BottleShape, ShapeSpec> = {
  bordeaux: {
    profile: [
      P(32, 0, true),
      P(37, -5),
      P(37, -60),
      P(37, -186),
      P(35, -203),
      P(26, -219),
      P(16.5, -233),
      P(14.5, -248),
      P(14.5, -284),
      P(16.2, -285.5, true),
      P(16.2, -299, true),
      P(15, -300, true),
    ],
    r: 37,
    neckR: 14.5,
    neckY: -284,
    topY: -300,
    clear: false,
    fillY: -240,
    foilY: -252,
    closure: "foil",
    label: { kind: "rect", top: -150, bottom: -50, w: 35, sag: 2.2 },
    crest: "chateau",
  },
  burgundy: {
    profile: [
      P(35, 0, true),
      P(40, -6),
      P(40, -60),
      P(40, -138),
      P(38, -164),
      P(32, -192),
      P(23, -220),
      P(16.5, -242),
      P(14.5, -258),
      P(14.5, -284),
      P(16.2, -285.5, true),
      P(16.2, -299, true),
      P(15, -300, true),
    ],
    r: 40,
    neckR: 14.5,
    neckY: -284,
    topY: -300,
    clear: false,
    fillY: -240,
    foilY: -250,
    closure: "foil",
    label: { kind: "rect", top: -126, bottom: -40, w: 38, sag: 2.4 },
    crest: "grapes",
  },
  champagne: {
    profile: [
      P(39, 0, true),
      P(44, -7),
      P(44, -60),
      P(44, -158),
      P(42, -184),
      P(33, -212),
      P(22, -236),
      P(16.5, -255),
      P(15.5, -272),
      P(16.3, -288),
      P(17.5, -291, true),
      P(17.5, -300, true),
    ],
    r: 44,
    neckR: 15.5,
    neckY: -291,
    topY: -315,
    clear: false,
    fillY: -240,
    foilY: -212,
    closure: "champagne",
    label: { kind: "arched", top: -138, bottom: -48, w: 41, sag: 2.4 },
    crest: "crown",
  },
  whisky: {
    profile: [
      P(41, 0, true),
      P(45, -3),
      P(45, -60),
      P(45, -182),
      P(43.5, -191),
      P(35, -198),
      P(20, -204),
      P(15.5, -211),
      P(15.5, -237),
      P(17.5, -238, true),
      P(17.5, -245, true),
    ],
    r: 45,
    neckR: 15.5,
    neckY: -237,
    topY: -280,
    clear: true,
    fillY: -209,
    closure: "cork",
    label: { kind: "rect", top: -150, bottom: -44, w: 41, sag: 0.6 },
    crest: "shield",
  },
  gin: {
    profile: [
      P(37, 0, true),
      P(40, -4),
      P(40, -60),
      P(40, -222),
      P(38.5, -233),
      P(29, -242),
      P(17.5, -248),
      P(15, -255),
      P(15, -272),
      P(16.5, -273, true),
      P(16.5, -278, true),
    ],
    r: 40,
    neckR: 15,
    neckY: -272,
    topY: -305,
    clear: true,
    fillY: -250,
    closure: "cap",
    label: { kind: "lattice", top: -176, bottom: -58, w: 37, sag: 2 },
    crest: "juniper",
  },
  shochu: {
    profile: [
      P(39, 0, true),
      P(43, -6),
      P(43, -60),
      P(43, -205),
      P(40, -228),
      P(31, -252),
      P(20.5, -276),
      P(16, -292),
      P(15.5, -330),
      P(16.8, -331.5, true),
      P(16.8, -342, true),
      P(15.5, -343, true),
    ],
    r: 43,
    neckR: 15.5,
    neckY: -330,
    topY: -343,
    clear: false,
    fillY: -290,
    foilY: -318,
    closure: "foil",
    label: { kind: "washi", top: -192, bottom: -52, w: 32, sag: 2.2 },
    crest: "enso",
  },
  brandy: {
    profile: [
      P(36, 0, true),
      P(50, -5),
      P(62, -24),
      P(67, -55),
      P(63.5, -88),
      P(53, -110),
      P(35, -126),
      P(20, -137),
      P(15, -146),
      P(15, -166),
      P(17, -167, true),
      P(17, -172, true),
    ],
    r: 66,
    neckR: 15,
    neckY: -166,
    topY: -203,
    clear: true,
    fillY: -122,
    closure: "stopper",
    label: { kind: "oval", top: -92, bottom: -30, w: 44, sag: 0 },
    crest: "crown",
  },
  sake: {
    profile: [
      P(32, 0, true),
      P(36, -5),
      P(36, -60),
      P(36, -190),
      P(33.5, -212),
      P(25, -234),
      P(16, -253),
      P(13, -266),
      P(13, -290),
      P(14.2, -291, true),
      P(14.2, -300, true),
      P(13, -301, true),
    ],
    r: 36,
    neckR: 13,
    neckY: -290,
    topY: -301,
    clear: false,
    fillY: -250,
    foilY: -274,
    closure: "foil",
    label: { kind: "washi", top: -178, bottom: -50, w: 27, sag: 2 },
    neckBand: [-246, -236],
    crest: "enso",
  },
};

/** Horizontal "lines of type" made of rounded bars: reads as lettering without being text. */
function typeLine(cx: number, y: number, width: number, thick: number, color: string, rand: () => number, halfW: number, sag: number, opacity = 1): string {
  const words = 2 + Math.floor(rand() * 3);
  const gap = thick * 1.6;
  const weights = Array.from({ length: words }, () => 0.6 + rand());
  const total = weights.reduce((a, b) => a + b, 0);
  const usable = width - gap * (words - 1);
  let x = cx - width / 2;
  let d = "";
  const yAt = (px: number): number => y + sag * (1 - Math.min(1, (px / halfW) ** 2));
  for (const wgt of weights) {
    const len = (usable * wgt) / total;
    const x1 = x + thick / 2;
    const x2 = x + len - thick / 2;
    d += `M${n(x1)} ${n(yAt(x1))}L${n(x2)} ${n(yAt(x2))}`;
    x += len + gap;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="${n(thick * 10) === "0" ? "0.1" : String(Math.round(thick * 100) / 100)}" stroke-linecap="round" fill="none" opacity="${opacity}"/>`;
}

function crestSvg(kind: ShapeSpec["crest"], x: number, y: number, k: number, accent: string, paper: string): string {
  const t = `transform="translate(${n(x)} ${n(y)}) scale(${Math.round(k * 1000) / 1000})"`;
  switch (kind) {
    case "chateau":
      return (
        `<g ${t}><path d="M-9 6V-2H-7V-6L-8.5 -6L-6 -10L-3.5 -6L-5 -6V-2H-2.5V-7H-3.5L0 -13L3.5 -7H2.5V-2H5V-6H3.5L6 -10L8.5 -6H7V-2H9V6Z" fill="${accent}"/>` +
        `<path d="M-1 6V2.5A1 1 0 0 1 1 2.5V6Z" fill="${paper}"/><rect x="-6.6" y="-1" width="1.2" height="2" fill="${paper}"/><rect x="5.4" y="-1" width="1.2" height="2" fill="${paper}"/>` +
        `<path d="M-13 8.5H13" stroke="${accent}" stroke-width="0.6"/><path d="M-12 -2Q-16 4 -11 9M12 -2Q16 4 11 9" stroke="${accent}" stroke-width="0.5" fill="none"/></g>`
      );
    case "grapes": {
      let g = "";
      const rows = [4, 3, 2, 1];
      rows.forEach((count, row) => {
        for (let i = 0; i < count; i++) g += `<circle cx="${n((i - (count - 1) / 2) * 3.2)}" cy="${n(-3 + row * 2.8)}" r="1.6" fill="${accent}"/>`;
      });
      return (
        `<g ${t}>${g}<path d="M0 -4.5Q0 -8 2 -9.5" stroke="${accent}" stroke-width="0.7" fill="none"/>` +
        `<path d="M2 -8Q7 -12 9 -7Q6 -5 2 -8Z" fill="${accent}"/>` +
        `<circle cx="0" cy="0" r="11.5" fill="none" stroke="${accent}" stroke-width="0.5"/><circle cx="0" cy="0" r="12.8" fill="none" stroke="${accent}" stroke-width="0.25"/></g>`
      );
    }
    case "shield":
      return (
        `<g ${t}><path d="M-8 -9H8V0Q8 7 0 11Q-8 7 -8 0Z" fill="none" stroke="${accent}" stroke-width="0.9"/>` +
        `<path d="M-8 -9H0V1H-8Z" fill="${accent}"/><path d="M0 1H8Q7.4 6.5 0 11Z" fill="${accent}"/><path d="M0 -9V11M-8 1H8" stroke="${accent}" stroke-width="0.6"/>` +
        [-1, 1]
          .map(
            (side) =>
              `<path d="M${side * 11} 10Q${side * 14} 0 ${side * 10.5} -8" stroke="${accent}" stroke-width="0.5" fill="none"/>` +
              [0, 1, 2, 3]
                .map(
                  (i) =>
                    `<ellipse cx="${side * (12.6 - i * 0.5)}" cy="${7 - i * 4}" rx="0.8" ry="1.7" transform="rotate(${side * -20} ${side * (12.6 - i * 0.5)} ${7 - i * 4})" fill="${accent}"/>`,
                )
                .join(""),
          )
          .join("") +
        `<path d="M-6 -11L-4 -14L-2 -11.5L0 -15L2 -11.5L4 -14L6 -11Z" fill="${accent}"/>` +
        `</g>`
      );
    case "crown":
      return (
        `<g ${t}><path d="M-8 3L-9 -5L-4.5 -1L0 -8L4.5 -1L9 -5L8 3Z" fill="${accent}"/><rect x="-8" y="4" width="16" height="1.6" fill="${accent}"/>` +
        `<circle cx="-9" cy="-6" r="1" fill="${accent}"/><circle cx="0" cy="-9" r="1" fill="${accent}"/><circle cx="9" cy="-6" r="1" fill="${accent}"/></g>`
      );
    case "juniper":
      return (
        `<g ${t}><path d="M-7 7Q0 0 6 -8" stroke="${accent}" stroke-width="0.7" fill="none"/>` +
        [
          [-6, 5, -10, 1],
          [-3, 2, -7, -2],
          [0, -1, -3, -6],
          [3, -4, 0, -9],
          [-4, 4, -1, 8],
          [-1, 1, 3, 4],
          [2, -2, 6, 1],
        ]
          .map(([a, b, c, d]) => `<path d="M${a} ${b}L${c} ${d}" stroke="${accent}" stroke-width="0.6" stroke-linecap="round"/>`)
          .join("") +
        `<circle cx="2" cy="3" r="2" fill="${accent}"/><circle cx="5" cy="-1" r="1.8" fill="${accent}"/><circle cx="-2" cy="6" r="1.7" fill="${accent}"/></g>`
      );
    case "enso":
      return "";
  }
}

/** A brush-drawn circle (ensō) of thickness varying around it. */
function ensoPath(cx: number, cy: number, r: number, thick: number): string {
  const a0 = -Math.PI * 0.35;
  const a1 = a0 + Math.PI * 1.82;
  const steps = 40;
  const outer: string[] = [];
  const inner: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    const a = a0 + (a1 - a0) * f;
    const w = thick * (0.25 + 0.95 * Math.sin(Math.PI * Math.min(1, f * 1.15)) ** 0.7);
    outer.push(`${n(cx + Math.cos(a) * (r + w / 2))} ${n(cy + Math.sin(a) * (r + w / 2))}`);
    inner.push(`${n(cx + Math.cos(a) * (r - w / 2))} ${n(cy + Math.sin(a) * (r - w / 2))}`);
  }
  return `M${outer.join("L")}L${inner.reverse().join("L")}Z`;
}

/** Brush strokes arranged like a column of characters: calligraphy without being writing. */
function brushGlyph(x: number, y: number, size: number, rand: () => number): string {
  const h = size / 2;
  const strokes = [
    `M${n(x - h * 0.8)} ${n(y - h * 0.55)}L${n(x + h * 0.8)} ${n(y - h * 0.65)}`,
    `M${n(x - 0.1 * h)} ${n(y - h)}L${n(x)} ${n(y + h)}`,
    `M${n(x - h * 0.1)} ${n(y - h * 0.1)}Q${n(x - h * 0.4)} ${n(y + h * 0.5)} ${n(x - h * 0.95)} ${n(y + h * 0.8)}`,
    `M${n(x + h * 0.1)} ${n(y - h * 0.05)}Q${n(x + h * 0.45)} ${n(y + h * 0.5)} ${n(x + h * 0.95)} ${n(y + h * 0.75)}`,
    `M${n(x - h * 0.75)} ${n(y + h * 0.15)}L${n(x + h * 0.7)} ${n(y + h * 0.1)}`,
    `M${n(x + h * 0.55)} ${n(y - h * 0.95)}L${n(x + h * 0.7)} ${n(y - h * 0.7)}`,
    `M${n(x - h * 0.6)} ${n(y - h * 0.95)}L${n(x - h * 0.45)} ${n(y - h * 0.72)}`,
  ];
  const picked = [0, 1];
  for (let i = 2; i < strokes.length; i++) if (rand() < 0.5) picked.push(i);
  return picked.map((i) => strokes[i]).join("");
}

function labelOutline(spec: ShapeSpec["label"], inset = 0): string {
  const { kind, top, bottom, sag } = spec;
  const w = spec.w - inset;
  const t = top + inset;
  const b = bottom - inset;
  switch (kind) {
    case "oval": {
      const cy = (top + bottom) / 2;
      return `M${n(-w)} ${n(cy)}A${n(w)} ${n((bottom - top) / 2 - inset)} 0 1 0 ${n(w)} ${n(cy)}A${n(w)} ${n((bottom - top) / 2 - inset)} 0 1 0 ${n(-w)} ${n(cy)}Z`;
    }
    case "arched":
      return `M${n(-w)} ${n(b)}L${n(-w)} ${n(t + 10)}Q${n(-w * 0.55)} ${n(t - 4)} 0 ${n(t - 6)}Q${n(w * 0.55)} ${n(t - 4)} ${n(w)} ${n(t + 10)}L${n(w)} ${n(b)}Q0 ${n(b + sag * 2)} ${n(-w)} ${n(b)}Z`;
    default:
      return `M${n(-w)} ${n(t)}Q0 ${n(t + sag * 2)} ${n(w)} ${n(t)}L${n(w)} ${n(b)}Q0 ${n(b + sag * 2)} ${n(-w)} ${n(b)}Z`;
  }
}

/** A hand-made paper label with deckled edges. */
function washiOutline(spec: ShapeSpec["label"], rand: () => number): string {
  const { top, bottom, w, sag } = spec;
  const left: string[] = [];
  const right: string[] = [];
  const steps = 18;
  for (let i = 0; i <= steps; i++) {
    const y = top + ((bottom - top) * i) / steps;
    left.push(`${n(-w + (rand() - 0.5) * 1.2)} ${n(y)}`);
    right.push(`${n(w + (rand() - 0.5) * 1.2)} ${n(y)}`);
  }
  return `M${left[0]}Q0 ${n(top + sag * 2)} ${right[0]}L${right.slice(1).join("L")}Q0 ${n(bottom + sag * 2)} ${left[steps]}L${left.slice(0, steps).reverse().join("L")}Z`;
}

function labelArt(spec: ShapeSpec, art: BottleArt, id: string, defs: string[], seed: string): string {
  const L = spec.label;
  const rand = rng(seed);
  const accent = art.accent;
  const paper = art.label;
  const outline = L.kind === "washi" ? washiOutline(L, rand) : labelOutline(L);
  const h = L.bottom - L.top;
  defs.push(`<clipPath id="${id}-lc"><path d="${outline}"/></clipPath>`);
  defs.push(
    linear(`${id}-ls`, [
      [0, "#000000", 0.42],
      [0.16, "#000000", 0.1],
      [0.38, "#ffffff", 0.16],
      [0.5, "#ffffff", 0.04],
      [0.8, "#000000", 0.12],
      [1, "#000000", 0.45],
    ]),
  );
  defs.push(
    linear(
      `${id}-lp`,
      [
        [0, tint(paper, 0.08)],
        [1, shade(paper, 0.06)],
      ],
      0,
      0,
      0,
      1,
    ),
  );
  let g = `<path d="${outline}" fill="url(#${id}-lp)"/>`;
  let deco = "";
  const line = (y: number, width: number, thick: number, op = 1): string => typeLine(0, y, width, thick, accent, rand, L.w, L.sag, op);

  switch (L.kind) {
    case "rect": {
      deco += `<path d="${labelOutline(L, 3)}" fill="none" stroke="${accent}" stroke-width="0.8"/>`;
      deco += `<path d="${labelOutline(L, 4.6)}" fill="none" stroke="${accent}" stroke-width="0.3"/>`;
      deco += crestSvg(spec.crest, 0, L.top + h * 0.27, (L.w / 30) * 1.05, accent, paper);
      deco += line(L.top + h * 0.55, L.w * 1.2, 3.2);
      deco += line(L.top + h * 0.66, L.w * 0.8, 1.3, 0.85);
      deco += `<path d="M${n(-L.w * 0.5)} ${n(L.top + h * 0.75 + L.sag * 0.8)}H${n(-3)}M${n(3)} ${n(L.top + h * 0.75 + L.sag * 0.8)}H${n(L.w * 0.5)}" stroke="${accent}" stroke-width="0.35"/>`;
      deco += `<path d="M0 ${n(L.top + h * 0.75 + L.sag * 0.8 - 1.6)}l1.6 1.6l-1.6 1.6l-1.6 -1.6Z" fill="${accent}"/>`;
      deco += line(L.top + h * 0.84, L.w * 0.9, 0.8, 0.7);
      deco += line(L.top + h * 0.9, L.w * 0.6, 0.8, 0.7);
      break;
    }
    case "arched": {
      deco += `<path d="${labelOutline(L, 3)}" fill="none" stroke="${accent}" stroke-width="0.7"/>`;
      deco += crestSvg(spec.crest, 0, L.top + h * 0.12, 1, accent, paper);
      deco += `<path d="M${-L.w} ${n(L.top + h * 0.45)}H${L.w}V${n(L.top + h * 0.62)}H${-L.w}Z" fill="${accent}"/>`;
      deco += typeLine(0, L.top + h * 0.535 + L.sag * 0.6, L.w * 1.1, 2.6, paper, rand, L.w, 0);
      deco += line(L.top + h * 0.33, L.w * 0.9, 1.4, 0.9);
      deco += line(L.top + h * 0.76, L.w * 1.0, 1.1, 0.8);
      deco += line(L.top + h * 0.86, L.w * 0.6, 0.8, 0.7);
      break;
    }
    case "oval": {
      const cy = (L.top + L.bottom) / 2;
      const ry = h / 2;
      deco += `<ellipse cx="0" cy="${n(cy)}" rx="${n(L.w - 2.6)}" ry="${n(ry - 2.6)}" fill="none" stroke="${accent}" stroke-width="0.9"/>`;
      deco += `<ellipse cx="0" cy="${n(cy)}" rx="${n(L.w - 4.2)}" ry="${n(ry - 4.2)}" fill="none" stroke="${accent}" stroke-width="0.3"/>`;
      let laurel = "";
      for (let i = 0; i < 7; i++) {
        const a = Math.PI * (0.62 + i * 0.055);
        for (const side of [-1, 1]) {
          const x = side * Math.cos(a) * -(L.w - 9);
          const y = cy + Math.sin(a) * (ry - 8);
          laurel += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="2.1" ry="0.9" transform="rotate(${n(side * (i * 12 - 30))} ${n(x)} ${n(y)})" fill="${accent}"/>`;
        }
      }
      deco += laurel;
      deco += crestSvg("crown", 0, cy - ry * 0.5, 0.75, accent, paper);
      deco += line(cy + 1, L.w * 1.05, 3, 1);
      deco += line(cy + 7, L.w * 0.6, 1, 0.8);
      break;
    }
    case "lattice": {
      let lat = "";
      for (let k = -140; k <= 140; k += 7) lat += `M${k - 60} ${L.top - 5}l130 130M${k + 60} ${L.top - 5}l-130 130`;
      deco += `<path d="${lat}" stroke="${accent}" stroke-width="0.35" opacity="0.45" fill="none"/>`;
      deco += `<path d="${labelOutline(L, 2.5)}" fill="none" stroke="${accent}" stroke-width="0.8"/>`;
      const my = L.top + h * 0.33;
      deco += `<circle cx="0" cy="${n(my)}" r="${n(L.w * 0.5)}" fill="${paper}" stroke="${accent}" stroke-width="0.9"/>`;
      deco += `<circle cx="0" cy="${n(my)}" r="${n(L.w * 0.5 - 1.8)}" fill="none" stroke="${accent}" stroke-width="0.3"/>`;
      deco += crestSvg("juniper", 0, my, (L.w * 0.5) / 13, accent, paper);
      const by = L.top + h * 0.62;
      deco += `<path d="M${n(-L.w * 0.85)} ${n(by)}H${n(L.w * 0.85)}V${n(by + h * 0.26)}H${n(-L.w * 0.85)}Z" fill="${paper}" stroke="${accent}" stroke-width="0.6"/>`;
      deco += line(by + h * 0.09, L.w * 1.2, 3, 1);
      deco += line(by + h * 0.18, L.w * 0.8, 1, 0.8);
      break;
    }
    case "washi": {
      const ink = accent;
      const enso = ensoPath(0, L.top + L.w * 0.95, L.w * 0.62, 3.4);
      deco += `<path d="${enso}" fill="${ink}" opacity="0.9"/>`;
      let glyphs = "";
      const gs = L.w * 0.62;
      const gy = L.top + L.w * 2 + gs * 0.3;
      for (let i = 0; i < 3; i++) glyphs += brushGlyph(L.w * 0.08, gy + i * gs * 1.2, gs, rand);
      deco += `<path d="${glyphs}" stroke="${ink}" stroke-width="${n(gs * 0.16)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
      let cols = "";
      for (let c = 0; c < 2; c++) {
        const x = -L.w * 0.72 + c * 3.2;
        let y = gy - gs * 0.2 + c * 6;
        while (y < L.bottom - 14) {
          const len = 2 + rand() * 3.5;
          cols += `M${n(x)} ${n(y)}V${n(y + len)}`;
          y += len + 1.6;
        }
      }
      deco += `<path d="${cols}" stroke="${ink}" stroke-width="0.8" stroke-linecap="round" opacity="0.75"/>`;
      const sx = L.w * 0.55;
      const sy = L.bottom - 11;
      deco += `<rect x="${n(sx - 4)}" y="${n(sy - 4)}" width="8" height="8" rx="0.8" fill="#b3322a"/>`;
      deco += `<path d="M${n(sx - 2.4)} ${n(sy - 2)}H${n(sx + 2.4)}M${n(sx)} ${n(sy - 2.8)}V${n(sy + 2.8)}M${n(sx - 2.4)} ${n(sy + 1.5)}H${n(sx + 2.4)}" stroke="${paper}" stroke-width="0.7"/>`;
      // fibres in the paper
      let fib = "";
      for (let i = 0; i < 22; i++) {
        const x = (rand() * 2 - 1) * L.w;
        const y = L.top + rand() * h;
        fib += `M${n(x)} ${n(y)}q${n(rand() * 3)} ${n(rand() * 2 - 1)} ${n(2 + rand() * 4)} ${n(rand() * 2 - 1)}`;
      }
      g += `<path d="${fib}" stroke="${shade(paper, 0.18)}" stroke-width="0.25" fill="none" opacity="0.6"/>`;
      break;
    }
  }
  g += deco;
  g += `<rect x="${-L.w - 2}" y="${L.top - 12}" width="${L.w * 2 + 4}" height="${h + 24}" fill="url(#${id}-ls)"/>`;
  return `<g clip-path="url(#${id}-lc)">${g}</g><path d="${outline}" fill="none" stroke="${shade(paper, 0.35)}" stroke-width="0.25" opacity="0.6"/>`;
}

interface Drawn {
  defs: string[];
  body: string;
}

/** One bottle in its own units; place it with a transform. */
function drawBottle(art: BottleArt, id: string, backdrop: string): Drawn {
  const spec = SHAPES[art.shape] ?? SHAPES.bordeaux;
  const defs: string[] = [];
  const outline = smoothLoop(mirrored(spec.profile));
  const g = art.glass;
  const parts: string[] = [];
  defs.push(`<clipPath id="${id}-bc"><path d="${outline}"/></clipPath>`);

  if (spec.clear) {
    defs.push(
      linear(`${id}-liq`, [
        [0, shade(g, 0.5)],
        [0.14, shade(g, 0.2)],
        [0.34, tint(g, 0.18)],
        [0.55, g],
        [0.85, shade(g, 0.3)],
        [1, shade(g, 0.55)],
      ]),
    );
    defs.push(
      linear(`${id}-edge`, [
        [0, shade(backdrop, 0.55), 0.75],
        [0.04, "#ffffff", 0.45],
        [0.1, "#ffffff", 0],
        [0.9, "#ffffff", 0],
        [0.95, shade(backdrop, 0.3), 0.35],
        [1, shade(backdrop, 0.6), 0.8],
      ]),
    );
    parts.push(`<path d="${outline}" fill="${tint(backdrop, 0.4)}" opacity="0.35"/>`);
    parts.push(`<g clip-path="url(#${id}-fc)"><path d="${outline}" transform="translate(0 -3.5) scale(0.92 0.985)" fill="url(#${id}-liq)"/></g>`);
    defs.push(`<clipPath id="${id}-fc"><rect x="-200" y="${spec.fillY}" width="400" height="400"/></clipPath>`);
    const fr = spec.profile.reduce((best, q) => (Math.abs(q.y - spec.fillY) < Math.abs(best.y - spec.fillY) ? q : best)).x * 0.9;
    parts.push(`<ellipse cx="0" cy="${spec.fillY}" rx="${n(fr)}" ry="1.2" fill="${tint(g, 0.45)}" opacity="0.8"/>`);
    parts.push(`<path d="${outline}" fill="url(#${id}-edge)"/>`);
    parts.push(`<path d="${outline}" fill="none" stroke="${shade(backdrop, 0.45)}" stroke-width="0.6" opacity="0.55"/>`);
  } else {
    defs.push(
      linear(`${id}-glass`, [
        [0, shade(g, 0.62)],
        [0.08, shade(g, 0.38)],
        [0.22, tint(g, 0.14)],
        [0.34, g],
        [0.58, shade(g, 0.12)],
        [0.82, shade(g, 0.38)],
        [1, shade(g, 0.68)],
      ]),
    );
    parts.push(`<path d="${outline}" fill="url(#${id}-glass)"/>`);
    // the backdrop mirrored in the glass on the right
    parts.push(`<path d="${contourBand(spec.profile, -0.55, -0.8, -8, spec.neckY)}" fill="${tint(backdrop, 0.2)}" opacity="${lum(g) < 0.25 ? 0.16 : 0.1}"/>`);
  }

  // highlights following the contour
  const hiTop = spec.topY;
  defs.push(
    linearUser(
      `${id}-hi`,
      [
        [0, "#ffffff", 0.0],
        [0.12, "#ffffff", 0.55],
        [0.35, "#ffffff", 0.75],
        [0.75, "#ffffff", 0.45],
        [1, "#ffffff", 0.08],
      ],
      0,
      hiTop,
      0,
      0,
    ),
  );
  parts.push(`<path d="${contourBand(spec.profile, 0.66, 0.52, -6, spec.neckY)}" fill="url(#${id}-hi)"/>`);
  parts.push(`<path d="${contourBand(spec.profile, 0.46, 0.2, -10, spec.neckY)}" fill="url(#${id}-hi)" opacity="0.16"/>`);
  parts.push(`<path d="${contourBand(spec.profile, -0.84, -0.9, -10, spec.neckY)}" fill="url(#${id}-hi)" opacity="0.3"/>`);

  // base: thicker glass and a darker bottom
  defs.push(
    linearUser(
      `${id}-base`,
      [
        [0, "#000000", 0],
        [1, "#000000", 0.4],
      ],
      0,
      -28,
      0,
      0,
    ),
  );
  parts.push(
    `<g clip-path="url(#${id}-bc)"><rect x="-80" y="-28" width="160" height="28" fill="url(#${id}-base)"/>` +
      `<path d="M-80 -3.5Q0 1 80 -3.5" stroke="#ffffff" stroke-width="0.8" opacity="0.18" fill="none"/></g>`,
  );

  // label and neck band
  parts.push(labelArt(spec, art, `${id}-l`, defs, `${art.shape}${art.label}${art.accent}${art.glass}`));
  if (spec.neckBand) {
    const [y2, y1] = spec.neckBand;
    parts.push(
      `<g clip-path="url(#${id}-bc)"><rect x="-60" y="${y2}" width="120" height="${y1 - y2}" fill="${art.label}"/>` +
        `<path d="M-60 ${y2 + 1.6}H60M-60 ${y1 - 1.6}H60" stroke="${art.accent}" stroke-width="0.5"/>` +
        `<rect x="-60" y="${y2}" width="120" height="${y1 - y2}" fill="url(#${id}-l-ls)"/></g>`,
    );
  }

  // closure
  const c = art.capsule;
  defs.push(
    linear(`${id}-cap`, [
      [0, shade(c, 0.6)],
      [0.14, shade(c, 0.25)],
      [0.3, tint(c, 0.38)],
      [0.4, tint(c, 0.12)],
      [0.62, c],
      [0.86, shade(c, 0.38)],
      [1, shade(c, 0.62)],
    ]),
  );
  const lip = spec.profile[spec.profile.length - 1] as Pt;
  defs.push(`<clipPath id="${id}-shape"><path d="${outline}" transform="scale(1.03 1)"/></clipPath>`);
  switch (spec.closure) {
    case "foil": {
      const fy = spec.foilY ?? spec.neckY;
      defs.push(`<clipPath id="${id}-foil"><rect x="-100" y="-500" width="200" height="${500 + fy}"/></clipPath>`);
      parts.push(
        `<g clip-path="url(#${id}-foil)"><path d="${outline}" transform="translate(0 0) scale(1.03 1)" fill="url(#${id}-cap)"/>` +
          // The rings stay on the capsule: clipped to the bottle's own outline.
          `<g clip-path="url(#${id}-shape)"><path d="M-40 ${fy - 1}H40M-40 ${fy - 4.2}H40M-40 ${spec.topY + 5}H40" stroke="${shade(c, 0.45)}" stroke-width="0.55" opacity="0.7"/></g></g>`,
      );
      parts.push(`<ellipse cx="0" cy="${spec.topY}" rx="${n(lip.x * 1.02)}" ry="1.4" fill="${tint(c, 0.25)}"/>`);
      break;
    }
    case "champagne": {
      const fy = spec.foilY ?? spec.neckY;
      defs.push(`<clipPath id="${id}-foil"><path d="M-80 -500H80V${fy + 2}H12L0 ${fy + 16}L-12 ${fy + 2}H-80Z"/></clipPath>`);
      parts.push(
        `<g clip-path="url(#${id}-foil)"><path d="${outline}" transform="scale(1.02 1)" fill="url(#${id}-cap)"/>` +
          `<g clip-path="url(#${id}-shape)"><path d="M-80 ${fy + 2.6}H-12L0 ${fy + 15}L12 ${fy + 2.6}H80" stroke="${shade(c, 0.45)}" stroke-width="0.8" fill="none"/>` +
          `<path d="M-80 ${fy - 26}H80" stroke="${tint(c, 0.3)}" stroke-width="0.4" opacity="0.6"/></g></g>`,
      );
      const top = spec.topY;
      parts.push(`<path d="M-18.6 -292V-303Q-18.6 ${top + 1} -8 ${top}H8Q18.6 ${top + 1} 18.6 -303V-292Z" fill="url(#${id}-cap)"/>`);
      const wire = mix(c, "#e9e3d2", 0.65);
      parts.push(
        `<g stroke="${wire}" stroke-width="0.9" fill="none" stroke-linecap="round"><path d="M-18.6 -294.5H18.6"/>` +
          `<path d="M-7 ${top + 1}L-14.5 -295M-2 ${top + 0.5}L-4.5 -295M2 ${top + 0.5}L4.5 -295M7 ${top + 1}L14.5 -295"/>` +
          `<circle cx="9" cy="-291" r="1.8"/><path d="M9 -289.2V-284"/></g>`,
      );
      parts.push(`<ellipse cx="0" cy="${top}" rx="8.5" ry="1.8" fill="${wire}"/><ellipse cx="0" cy="${top - 0.2}" rx="5.5" ry="0.9" fill="${art.accent}"/>`);
      break;
    }
    case "cork": {
      const y0 = lip.y;
      const top = spec.topY;
      parts.push(`<rect x="-20.5" y="${top}" width="41" height="${y0 - top + 0.5}" rx="3" fill="url(#${id}-cap)"/>`);
      parts.push(`<ellipse cx="0" cy="${top + 1.2}" rx="19.5" ry="1.6" fill="${tint(c, 0.25)}" opacity="0.8"/>`);
      parts.push(`<rect x="-20.5" y="${n(top + (y0 - top) * 0.55)}" width="41" height="3" fill="${art.accent}" opacity="0.9"/>`);
      parts.push(`<path d="M-20 ${y0 - 0.4}H20" stroke="${shade(c, 0.6)}" stroke-width="0.8"/>`);
      // paper seal over the stopper and down the neck
      parts.push(
        `<rect x="-4.5" y="${top - 0.5}" width="9" height="${y0 - top + 30}" fill="${art.label}"/>` +
          `<path d="M-3 ${top}V${y0 + 29}M3 ${top}V${y0 + 29}" stroke="${art.accent}" stroke-width="0.5"/>` +
          `<rect x="-4.5" y="${top - 0.5}" width="9" height="${y0 - top + 30}" fill="url(#${id}-l-ls)"/>`,
      );
      break;
    }
    case "cap": {
      const y0 = lip.y;
      const top = spec.topY;
      let ribs = "";
      for (let x = -15; x <= 15; x += 2.5) ribs += `M${x} ${top + 2}V${y0 - 1}`;
      parts.push(`<rect x="-17.5" y="${top}" width="35" height="${y0 - top + 0.5}" rx="2.5" fill="url(#${id}-cap)"/>`);
      parts.push(`<path d="${ribs}" stroke="${shade(c, 0.4)}" stroke-width="0.5" opacity="0.45"/>`);
      parts.push(`<ellipse cx="0" cy="${top + 1}" rx="16.5" ry="1.4" fill="${tint(c, 0.3)}" opacity="0.8"/>`);
      parts.push(`<rect x="-17.5" y="${y0 - 5}" width="35" height="2" fill="${art.accent}" opacity="0.85"/>`);
      break;
    }
    case "stopper": {
      const y0 = lip.y;
      const top = spec.topY;
      parts.push(
        `<rect x="-14" y="${y0 - 7}" width="28" height="7.5" fill="#c9a878"/><rect x="-14" y="${y0 - 7}" width="28" height="7.5" fill="url(#${id}-l-ls)"/>`,
      );
      parts.push(`<rect x="-24" y="${y0 - 16}" width="48" height="9.5" rx="2.5" fill="url(#${id}-cap)"/>`);
      parts.push(`<path d="M-17 ${y0 - 16}Q-18 ${top} 0 ${top}Q18 ${top} 17 ${y0 - 16}Z" fill="url(#${id}-cap)"/>`);
      parts.push(`<ellipse cx="-6" cy="${n(top + 8)}" rx="3" ry="6" fill="#ffffff" opacity="0.3"/>`);
      parts.push(`<path d="M-24 ${y0 - 11.5}H24" stroke="${art.accent}" stroke-width="1.2" opacity="0.9"/>`);
      break;
    }
  }

  return { defs, body: parts.join("") };
}

function bottleScale(shape: BottleShape, maxH: number, maxW: number): number {
  const spec = SHAPES[shape] ?? SHAPES.bordeaux;
  return Math.min(maxH / -spec.topY, maxW / (spec.r * 2 + 4));
}

// ---------------------------------------------------------------------------------------------
// Glasses and props for the "scene" view (same units as the bottles)

interface GlassLook {
  edge: string;
}

function glassStyle(id: string, defs: string[]): void {
  defs.push(
    linear(`${id}-gs`, [
      [0, "#ffffff", 0.32],
      [0.14, "#ffffff", 0.08],
      [0.5, "#ffffff", 0.02],
      [0.86, "#ffffff", 0.06],
      [1, "#ffffff", 0.28],
    ]),
  );
  defs.push(
    linear(
      `${id}-gh`,
      [
        [0, "#ffffff", 0],
        [0.3, "#ffffff", 0.75],
        [1, "#ffffff", 0.1],
      ],
      0,
      0,
      0,
      1,
    ),
  );
}

function liquidGrad(id: string, color: string, defs: string[]): void {
  defs.push(
    linear(id, [
      [0, shade(color, 0.45)],
      [0.25, color],
      [0.45, tint(color, 0.2)],
      [0.75, color],
      [1, shade(color, 0.45)],
    ]),
  );
}

function stemmed(
  id: string,
  bowl: Pt[],
  stemTop: number,
  footR: number,
  liquid: string | undefined,
  level: number,
  look: GlassLook,
  defs: string[],
  bubbles = false,
): string {
  glassStyle(id, defs);
  const bowlPath = smoothLoop(mirrored(bowl));
  const rim = bowl[bowl.length - 1] as Pt;
  let s = "";
  // foot and stem
  s += `<ellipse cx="0" cy="-2" rx="${footR}" ry="${n(footR * 0.16)}" fill="#ffffff" fill-opacity="0.22" stroke="${look.edge}" stroke-opacity="0.55" stroke-width="0.7"/>`;
  s += `<path d="M-2.2 -3Q-1.4 ${n(stemTop / 2)} -2 ${stemTop}H2Q1.4 ${n(stemTop / 2)} 2.2 -3Z" fill="#ffffff" fill-opacity="0.3" stroke="${look.edge}" stroke-opacity="0.45" stroke-width="0.5"/>`;
  s += `<path d="M-0.6 -5V${stemTop + 3}" stroke="#ffffff" stroke-width="0.8" opacity="0.7"/>`;
  if (liquid) {
    liquidGrad(`${id}-lq`, liquid, defs);
    defs.push(`<clipPath id="${id}-lv"><rect x="-200" y="${level}" width="400" height="400"/></clipPath>`);
    const lr = bowl.reduce((best, q) => (Math.abs(q.y - level) < Math.abs(best.y - level) ? q : best)).x * 0.97;
    s += `<g clip-path="url(#${id}-lv)"><path d="${bowlPath}" transform="scale(0.96 1)" fill="url(#${id}-lq)" opacity="0.93"/></g>`;
    s += `<ellipse cx="0" cy="${level}" rx="${n(lr)}" ry="${n(lr * 0.12)}" fill="${tint(liquid, 0.25)}" opacity="0.9"/>`;
    if (bubbles) {
      const rand = rng(`${id}${liquid}`);
      let b = "";
      for (let i = 0; i < 26; i++) {
        const y = level + 4 + rand() * (stemTop - level - 8);
        const x = (rand() - 0.5) * 18;
        b += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.4 + rand() * 0.5)}" fill="#ffffff" opacity="0.7"/>`;
      }
      s += b;
    }
  }
  s += `<path d="${bowlPath}" fill="url(#${id}-gs)" stroke="${look.edge}" stroke-opacity="0.5" stroke-width="0.6"/>`;
  s += `<path d="${contourBand(bowl, 0.74, 0.62, bowl[1]?.y ?? stemTop, rim.y)}" fill="url(#${id}-gh)"/>`;
  s += `<path d="${contourBand(bowl, -0.8, -0.86, bowl[1]?.y ?? stemTop, rim.y)}" fill="#ffffff" opacity="0.35"/>`;
  s += `<ellipse cx="0" cy="${rim.y}" rx="${rim.x}" ry="${n(rim.x * 0.12)}" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="0.7"/>`;
  s += `<ellipse cx="0" cy="${rim.y}" rx="${rim.x}" ry="${n(rim.x * 0.12)}" fill="none" stroke="${look.edge}" stroke-opacity="0.35" stroke-width="0.3"/>`;
  return s;
}

function tumbler(
  id: string,
  w: number,
  h: number,
  liquid: string,
  level: number,
  look: GlassLook,
  defs: string[],
  extras: { ice: number; lemon?: boolean; bubbles?: boolean; opacity?: number },
): string {
  glassStyle(id, defs);
  const bw = w * 0.93;
  const shape = `M${n(-bw)} -1Q${n(-bw)} 0 ${n(-bw + 2)} 0H${n(bw - 2)}Q${n(bw)} 0 ${n(bw)} -1L${n(w)} ${-h}H${n(-w)}Z`;
  defs.push(`<clipPath id="${id}-in"><path d="M${n(-bw + 1.5)} -10L${n(-w + 1.5)} ${-h}H${n(w - 1.5)}L${n(bw - 1.5)} -10Z"/></clipPath>`);
  liquidGrad(`${id}-lq`, liquid, defs);
  const rand = rng(`${id}${liquid}`);
  const lw = bw + ((w - bw) * -level) / h - 1.5;
  let s = "";
  s += `<g clip-path="url(#${id}-in)"><rect x="-60" y="${level}" width="120" height="200" fill="url(#${id}-lq)" opacity="${extras.opacity ?? 0.9}"/>`;
  if (extras.bubbles) {
    for (let i = 0; i < 30; i++)
      s += `<circle cx="${n((rand() - 0.5) * 2 * (w - 4))}" cy="${n(level + 3 + rand() * (-level - 14))}" r="${n(0.4 + rand() * 0.6)}" fill="#ffffff" opacity="0.75"/>`;
  }
  for (let i = 0; i < extras.ice; i++) {
    const size = w * (0.62 + rand() * 0.15);
    const x = (i % 2 === 0 ? -1 : 1) * w * (0.22 + rand() * 0.1) - size / 2;
    const y = level - size * 0.55 + (i >> 1) * size * 0.85 - (i >> 1) * size * 1.7;
    const rot = (rand() - 0.5) * 40;
    s +=
      `<g transform="rotate(${n(rot)} ${n(x + size / 2)} ${n(y + size / 2)})"><rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" rx="${n(size * 0.18)}" fill="#ffffff" fill-opacity="0.38" stroke="#ffffff" stroke-opacity="0.85" stroke-width="0.7"/>` +
      `<path d="M${n(x + size * 0.2)} ${n(y + size * 0.25)}L${n(x + size * 0.55)} ${n(y + size * 0.2)}" stroke="#ffffff" stroke-width="1.2" opacity="0.8" stroke-linecap="round"/></g>`;
  }
  if (extras.lemon) {
    const lx = w * 0.25;
    const ly = level - w * 0.15;
    let seg = "";
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * Math.PI * 2;
      seg += `M${n(lx)} ${n(ly)}L${n(lx + Math.cos(a) * w * 0.36)} ${n(ly + Math.sin(a) * w * 0.36)}`;
    }
    s +=
      `<circle cx="${n(lx)}" cy="${n(ly)}" r="${n(w * 0.44)}" fill="#f2d43a"/><circle cx="${n(lx)}" cy="${n(ly)}" r="${n(w * 0.38)}" fill="#fbeea0"/>` +
      `<path d="${seg}" stroke="#f6f1d8" stroke-width="0.9"/>`;
  }
  s += `</g>`;
  s += `<ellipse cx="0" cy="${level}" rx="${n(lw)}" ry="${n(lw * 0.1)}" fill="${tint(liquid, 0.3)}" opacity="0.85"/>`;
  s += `<path d="${shape}" fill="url(#${id}-gs)" stroke="${look.edge}" stroke-opacity="0.5" stroke-width="0.6"/>`;
  s += `<path d="M${n(-bw + 1)} -1L${n(bw - 1)} -1L${n(bw - 1)} -9Q0 -11 ${n(-bw + 1)} -9Z" fill="#ffffff" opacity="0.3"/>`;
  s += `<path d="M${n(-w * 0.72)} -12L${n(-w * 0.78)} ${n(-h + 4)}L${n(-w * 0.62)} ${n(-h + 4)}L${n(-w * 0.58)} -12Z" fill="#ffffff" opacity="0.5"/>`;
  s += `<path d="M${n(w * 0.8)} -12L${n(w * 0.86)} ${n(-h + 4)}" stroke="#ffffff" stroke-width="1.2" opacity="0.4"/>`;
  s += `<ellipse cx="0" cy="${-h}" rx="${w}" ry="${n(w * 0.1)}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="0.8"/>`;
  s += `<ellipse cx="0" cy="${-h}" rx="${w}" ry="${n(w * 0.1)}" fill="none" stroke="${look.edge}" stroke-opacity="0.3" stroke-width="0.3"/>`;
  return s;
}

function sakeCup(id: string, look: GlassLook, defs: string[]): string {
  defs.push(
    linear(`${id}-por`, [
      [0, "#c9c4b8"],
      [0.3, "#fbfaf5"],
      [0.6, "#f1eee6"],
      [1, "#b9b3a6"],
    ]),
  );
  const rimY = -40;
  let s = `<path d="M-15 0H15L17 -5Q31 -18 33 ${rimY}H-33Q-31 -18 -17 -5Z" fill="url(#${id}-por)" stroke="${look.edge}" stroke-opacity="0.35" stroke-width="0.5"/>`;
  s += `<ellipse cx="0" cy="${rimY}" rx="33" ry="8" fill="#f7f5ee" stroke="${shade("#f7f5ee", 0.25)}" stroke-width="0.5"/>`;
  s += `<ellipse cx="0" cy="${rimY + 1}" rx="29" ry="6.4" fill="#e9efe9"/>`;
  s += `<ellipse cx="0" cy="${rimY + 1.6}" rx="18" ry="4" fill="none" stroke="#2a4f8e" stroke-width="2.2" opacity="0.85"/>`;
  s += `<ellipse cx="0" cy="${rimY + 1.8}" rx="8" ry="1.8" fill="none" stroke="#2a4f8e" stroke-width="2" opacity="0.85"/>`;
  s += `<ellipse cx="-9" cy="${rimY - 1}" rx="10" ry="1.6" fill="#ffffff" opacity="0.7"/>`;
  s += `<path d="M-26 -30Q-24 -16 -15 -7" stroke="#ffffff" stroke-width="2" opacity="0.7" fill="none" stroke-linecap="round"/>`;
  return s;
}

function propSvg(shape: BottleShape, art: BottleArt, id: string, defs: string[]): string {
  switch (shape) {
    case "bordeaux":
    case "burgundy": {
      const stain = lum(art.glass) < 0.25 ? "#5e1424" : "#c9a85a";
      let dots = "";
      const rand = rng(id);
      for (let i = 0; i < 26; i++)
        dots += `<circle cx="${n(-22 + rand() * 40)}" cy="${n(-22 + rand() * 20)}" r="${n(0.4 + rand() * 0.8)}" fill="#8a6438" opacity="0.55"/>`;
      return (
        `<g transform="rotate(-8)"><rect x="-24" y="-24" width="46" height="24" rx="3" fill="#c8a06c"/><rect x="-24" y="-24" width="46" height="9" rx="3" fill="#ffffff" opacity="0.15"/>${dots}` +
        `<ellipse cx="22" cy="-12" rx="5" ry="12" fill="#b88e5c"/><ellipse cx="22" cy="-12" rx="4" ry="10.5" fill="${stain}" opacity="0.75"/></g>`
      );
    }
    case "champagne":
      return (
        `<g transform="rotate(-70 0 -14)"><path d="M-11 0H11V-18H-11Z" fill="#cfac76"/><path d="M-11 -18Q-16 -21 -16 -27Q-16 -36 0 -37Q16 -36 16 -27Q16 -21 11 -18Z" fill="#b88f5b"/>` +
        `<path d="M-11 -6H11M-11 -12H11" stroke="#9a7446" stroke-width="0.6"/><ellipse cx="0" cy="-37" rx="7" ry="1.5" fill="${mix(art.capsule, "#e9e3d2", 0.6)}"/></g>`
      );
    case "whisky":
    case "shochu": {
      if (shape === "shochu") {
        return (
          `<g transform="rotate(-6)"><path d="M-36 -10Q-30 -26 -2 -27Q26 -27 36 -14Q40 -8 34 -3Q20 2 -8 0Q-34 -1 -36 -10Z" fill="#8b3a4c"/>` +
          `<path d="M-26 -20Q0 -26 24 -20" stroke="#ffffff" stroke-width="2" opacity="0.22" fill="none" stroke-linecap="round"/>` +
          `<path d="M-12 -22Q-10 -14 -13 -4M8 -24Q11 -14 9 -2" stroke="#6b2a38" stroke-width="0.7" fill="none"/><path d="M36 -10Q44 -12 48 -8" stroke="#6b4a30" stroke-width="1.2" fill="none"/></g>`
        );
      }
      let grains = "";
      for (let i = 0; i < 9; i++) {
        const x = -30 + i * 6.5;
        const y = -6 - i * 2.1;
        for (const side of [-1, 1]) {
          grains += `<ellipse cx="${n(x + 1)}" cy="${n(y + side * 3)}" rx="4" ry="1.9" transform="rotate(${n(-18 + side * 22)} ${n(x + 1)} ${n(y + side * 3)})" fill="#d6aa4f"/>`;
          grains += `<path d="M${n(x + 4)} ${n(y + side * 3)}l14 ${n(side * 3 - 6)}" stroke="#caa04e" stroke-width="0.35"/>`;
        }
      }
      return `<g><path d="M-48 0Q-38 -3 -30 -6" stroke="#b48a3a" stroke-width="1.2" fill="none"/>${grains}</g>`;
    }
    case "gin": {
      let seg = "";
      for (let k = 0; k < 9; k++) {
        const a = (k / 9) * Math.PI * 2;
        seg += `M0 -8L${n(Math.cos(a) * 18)} ${n(-8 + Math.sin(a) * 6.2)}`;
      }
      const berries = [
        [30, -4, 4],
        [38, -3, 3.8],
        [34, -9, 3.6],
      ]
        .map(
          ([x, y, r]) =>
            `<circle cx="${x}" cy="${y}" r="${r}" fill="#3c4570"/><circle cx="${(x ?? 0) - 1.2}" cy="${(y ?? 0) - 1.2}" r="1" fill="#a9b2d8" opacity="0.8"/>`,
        )
        .join("");
      return (
        `<g><ellipse cx="0" cy="-6" rx="22" ry="8" fill="#e2c12a"/><ellipse cx="0" cy="-8" rx="21" ry="7.4" fill="#f4e04c"/><ellipse cx="0" cy="-8" rx="18.5" ry="6.4" fill="#fbf0a8"/>` +
        `<path d="${seg}" stroke="#f7f3d9" stroke-width="0.9"/><ellipse cx="0" cy="-8" rx="2" ry="0.8" fill="#f7f3d9"/>${berries}</g>`
      );
    }
    case "brandy": {
      const g = [
        [-8, -6],
        [0, -6],
        [8, -6],
        [-4, -13],
        [4, -13],
        [0, -20],
      ];
      defs.push(
        radial(
          `${id}-gr`,
          [
            [0, "#9c5a86"],
            [0.7, "#4e1f47"],
            [1, "#2e1029"],
          ],
          0.35,
          0.35,
          0.7,
        ),
      );
      return `<g transform="rotate(-20)"><path d="M0 -24Q2 -32 8 -34" stroke="#6b5030" stroke-width="1.4" fill="none"/>${g
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="5.6" fill="url(#${id}-gr)"/><circle cx="${(x ?? 0) - 1.8}" cy="${(y ?? 0) - 1.8}" r="1.2" fill="#ffffff" opacity="0.55"/>`,
        )
        .join("")}</g>`;
    }
    case "sake": {
      const petal = (x: number, y: number, rot: number): string =>
        `<path transform="translate(${x} ${y}) rotate(${rot})" d="M0 0Q-6 -6 -3 -12L0 -10L3 -12Q6 -6 0 0Z" fill="#f5c4d0" stroke="#e6a3b4" stroke-width="0.3"/>`;
      return petal(-20, -2, 70) + petal(4, -1, -40) + petal(22, -4, 110) + petal(-4, -7, 200);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Product pictures

/** A product picture (4:5) of a bottle, alone on a backdrop or with a glass and props. */
export function bottleSvg(art: BottleArt, width = 1200, height = 1500): string {
  const W = 1200;
  const H = 1500;
  const spec = SHAPES[art.shape] ?? SHAPES.bordeaux;
  const scene = art.view === "scene";
  const bg = scene ? mix(art.background, lum(art.background) > 0.45 ? "#e7d3b3" : "#2a2018", 0.42) : art.background;
  const defs: string[] = [];
  const body: string[] = [];

  const bottle = drawBottle(art, "b", bg);
  defs.push(...bottle.defs);
  defs.push(`<g id="bottle">${bottle.body}</g>`);
  defs.push(blur("soft", 14), blur("softer", 34), blur("tight", 3.5), blur("bokeh", 18));

  const floorY = scene ? 1300 : 1290;
  const s = scene ? bottleScale(art.shape, 840, 400) : bottleScale(art.shape, 1010, 600);
  const cx = scene ? 420 : 600;
  const halfW = spec.r * s;

  // backdrop
  defs.push(
    radial(
      "bg",
      [
        [0, tint(bg, 0.38)],
        [0.5, tint(bg, 0.08)],
        [1, shade(bg, 0.3)],
      ],
      0.5,
      0.4,
      0.78,
    ),
  );
  defs.push(
    radial(
      "vig",
      [
        [0.55, "#000000", 0],
        [1, "#000000", 0.28],
      ],
      0.5,
      0.45,
      0.75,
    ),
  );
  body.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
  if (scene) {
    const table = mix(shade(bg, 0.25), "#6e4c30", 0.45);
    defs.push(
      linear(
        "tbl",
        [
          [0, tint(table, 0.12)],
          [1, shade(table, 0.35)],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    body.push(`<path d="M-100 -100L700 -100L300 1200H-100Z" fill="#ffffff" opacity="0.1" filter="url(#softer)"/>`);
    const rand = rng(`${art.background}${art.glass}`);
    for (let i = 0; i < 6; i++) {
      body.push(
        `<circle cx="${n(650 + rand() * 520)}" cy="${n(120 + rand() * 520)}" r="${n(30 + rand() * 60)}" fill="${tint(bg, 0.7)}" opacity="${n(0.12 + rand() * 0.14)}" filter="url(#bokeh)"/>`,
      );
    }
    body.push(`<rect x="0" y="1150" width="${W}" height="${H - 1150}" fill="url(#tbl)"/>`);
    let grain = "";
    for (let y = 1175; y < H; y += 30 + (y - 1150) * 0.25) grain += `M0 ${n(y)}H${W}`;
    body.push(`<path d="${grain}" stroke="${shade(table, 0.45)}" stroke-width="2" opacity="0.3"/>`);
    body.push(`<rect x="0" y="1147" width="${W}" height="5" fill="${tint(table, 0.35)}" opacity="0.6"/>`);
  } else {
    defs.push(
      linear(
        "floor",
        [
          [0, bg, 0],
          [0.3, shade(bg, 0.12), 0.45],
          [1, shade(bg, 0.3), 0.7],
        ],
        0,
        0,
        0,
        1,
      ),
    );
    body.push(`<rect x="0" y="${floorY - 160}" width="${W}" height="${H - floorY + 160}" fill="url(#floor)"/>`);
  }

  // reflection, shadows and the bottle
  defs.push(
    linearUser(
      "rf",
      [
        [0, "#ffffff", 0.5],
        [1, "#ffffff", 0],
      ],
      0,
      floorY,
      0,
      floorY + 260,
    ),
  );
  defs.push(`<mask id="rfm"><rect x="0" y="${floorY}" width="${W}" height="400" fill="url(#rf)"/></mask>`);
  const place = `translate(${n(cx)} ${floorY}) scale(${Math.round(s * 1000) / 1000})`;
  body.push(
    `<g mask="url(#rfm)" opacity="${scene ? 0.35 : 0.5}"><use xlink:href="#bottle" href="#bottle" transform="translate(${n(cx)} ${floorY}) scale(${Math.round(s * 1000) / 1000} ${-Math.round(s * 1000) / 1000})"/></g>`,
  );
  body.push(
    `<ellipse cx="${n(cx + halfW * 0.35)}" cy="${floorY + 4}" rx="${n(halfW * 1.5)}" ry="${n(14 + halfW * 0.06)}" fill="${shade(bg, 0.75)}" opacity="0.45" filter="url(#soft)"/>`,
  );
  body.push(`<ellipse cx="${n(cx)}" cy="${floorY}" rx="${n(halfW * 0.95)}" ry="5" fill="${shade(bg, 0.85)}" opacity="0.7" filter="url(#tight)"/>`);
  body.push(`<use xlink:href="#bottle" href="#bottle" transform="${place}"/>`);

  if (scene) {
    const look: GlassLook = { edge: shade(bg, 0.6) };
    const gs = s * 1.02;
    const gx = 850;
    const gy = 1360;
    let glass = "";
    let glassW = 45;
    const darkGlass = lum(art.glass) < 0.28;
    switch (art.shape) {
      case "bordeaux":
      case "burgundy": {
        const wine = darkGlass ? "#6d0f22" : "#ecd78a";
        const bowl =
          art.shape === "burgundy"
            ? [P(3, -92, true), P(28, -100), P(47, -126), P(49, -150), P(44, -178), P(34, -200)]
            : [P(3, -96, true), P(24, -104), P(40, -128), P(42, -156), P(38, -186), P(31, -208)];
        glass = stemmed("wg", bowl, -94, 36, wine, art.shape === "burgundy" ? -132 : -134, look, defs);
        glassW = 48;
        break;
      }
      case "champagne":
        glass = stemmed(
          "fl",
          [P(2.5, -92, true), P(12, -100), P(19, -130), P(21, -170), P(20.5, -205), P(19, -228)],
          -92,
          30,
          "#efd98f",
          -208,
          look,
          defs,
          true,
        );
        glassW = 30;
        break;
      case "whisky":
        glass = tumbler("tb", 40, 88, art.glass, -42, look, defs, { ice: 2 });
        glassW = 42;
        break;
      case "shochu":
        glass = tumbler("tb", 40, 92, "#efe3c4", -52, look, defs, { ice: 3, opacity: 0.5 });
        glassW = 42;
        break;
      case "gin":
        glass = tumbler("tb", 31, 145, mix(art.glass, "#ffffff", 0.55), -118, look, defs, { ice: 4, lemon: true, bubbles: true, opacity: 0.5 });
        glassW = 33;
        break;
      case "brandy":
        glass = stemmed("sn", [P(3, -40, true), P(30, -48), P(48, -76), P(47, -108), P(36, -132), P(27, -142)], -40, 32, art.glass, -64, look, defs);
        glassW = 48;
        break;
      case "sake":
        glass = sakeCup("cup", look, defs);
        glassW = 34;
        break;
    }
    const gsc = art.shape === "sake" ? gs * 1.15 : gs;
    body.push(
      `<ellipse cx="${n(gx + glassW * gsc * 0.4)}" cy="${gy + 4}" rx="${n(glassW * gsc * 1.3)}" ry="${n(12 + glassW * gsc * 0.05)}" fill="${shade(bg, 0.8)}" opacity="0.35" filter="url(#soft)"/>`,
    );
    body.push(`<g transform="translate(${gx} ${gy}) scale(${Math.round(gsc * 1000) / 1000})">${glass}</g>`);
    if (art.shape === "sake") {
      body.push(`<g transform="translate(1010 1420) scale(${Math.round(gs * 0.8 * 1000) / 1000})">${sakeCup("cup2", look, defs)}</g>`);
    }
    const prop = propSvg(art.shape, art, "pr", defs);
    const px = art.shape === "sake" ? 640 : art.shape === "whisky" ? 610 : 660;
    const py = 1440;
    const ps = s * 1.5;
    body.push(`<ellipse cx="${px + 10}" cy="${py + 2}" rx="${n(40 * ps)}" ry="12" fill="${shade(bg, 0.8)}" opacity="0.35" filter="url(#tight)"/>`);
    body.push(`<g transform="translate(${px} ${py}) scale(${Math.round(ps * 1000) / 1000})">${prop}</g>`);
  }

  body.push(`<rect width="${W}" height="${H}" fill="url(#vig)"/>`);
  return doc(width, height, W, H, defs, body);
}

// ---------------------------------------------------------------------------------------------
// Scenes for the showcase (1600 × 1000)

function cloud(x: number, y: number, w: number, color: string, opacity: number): string {
  return (
    `<g opacity="${opacity}" filter="url(#cl)" fill="${color}"><ellipse cx="${x}" cy="${y}" rx="${w * 0.5}" ry="${w * 0.12}"/>` +
    `<ellipse cx="${n(x - w * 0.18)}" cy="${n(y - w * 0.08)}" rx="${n(w * 0.22)}" ry="${n(w * 0.12)}"/><ellipse cx="${n(x + w * 0.12)}" cy="${n(y - w * 0.11)}" rx="${n(w * 0.2)}" ry="${n(w * 0.14)}"/></g>`
  );
}

function grapeBunch(x: number, y: number, size: number, color: string, gradId: string, rand: () => number): string {
  let s = `<path d="M${x} ${y - size * 0.4}Q${n(x + size * 0.1)} ${n(y - size * 0.9)} ${n(x + size * 0.35)} ${n(y - size * 1.2)}" stroke="#5d4527" stroke-width="${n(size * 0.07)}" fill="none" stroke-linecap="round"/>`;
  const rows = [5, 6, 5, 5, 4, 4, 3, 2, 1];
  const r = size * 0.13;
  rows.forEach((count, row) => {
    for (let i = 0; i < count; i++) {
      const gx = x + (i - (count - 1) / 2) * r * 1.75 + (rand() - 0.5) * r * 0.4;
      const gy = y - size * 0.35 + row * r * 1.55 + (rand() - 0.5) * r * 0.3;
      s += `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(r * (0.92 + rand() * 0.14))}" fill="url(#${gradId})"/>`;
      s += `<circle cx="${n(gx - r * 0.35)}" cy="${n(gy - r * 0.38)}" r="${n(r * 0.22)}" fill="#ffffff" opacity="0.45"/>`;
    }
  });
  void color;
  return s;
}

function grapeLeaf(x: number, y: number, size: number, rot: number, color: string): string {
  const outline = polarPath(
    0,
    0,
    (t) => {
      const lobes = 0.78 + 0.22 * Math.cos(5 * (t + Math.PI / 2));
      const teeth = 1 + 0.035 * Math.cos(34 * t);
      const notch = 1 - 0.45 * Math.exp(-(((t - Math.PI / 2) / 0.22) ** 2));
      return size * lobes * teeth * notch;
    },
    140,
  );
  let veins = "";
  for (const a of [-90, -30, -150, 25, 155]) {
    const rad = (a * Math.PI) / 180;
    veins += `M0 ${n(size * 0.35)}L${n(Math.cos(rad) * size * 0.8)} ${n(Math.sin(rad) * size * 0.8)}`;
  }
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})"><path d="${outline}" fill="${color}" stroke="${shade(color, 0.3)}" stroke-width="2"/>` +
    `<path d="${veins}" stroke="${tint(color, 0.3)}" stroke-width="${n(size * 0.025)}" fill="none" opacity="0.8"/></g>`
  );
}

function barrelHead(cx: number, cy: number, r: number, wood: string, stain: string, rand: () => number, id: string, defs: string[]): string {
  defs.push(`<clipPath id="${id}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}"/></clipPath>`);
  let s = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.02)}" fill="${shade(wood, 0.7)}"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${shade(wood, 0.15)}"/>`;
  let ends = "";
  const staves = 34;
  for (let i = 0; i < staves; i++) {
    const a = (i / staves) * Math.PI * 2;
    ends += `M${n(cx + Math.cos(a) * r * 0.88)} ${n(cy + Math.sin(a) * r * 0.88)}L${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  }
  s += `<path d="${ends}" stroke="${shade(wood, 0.5)}" stroke-width="${n(r * 0.012)}"/>`;
  s += `<g clip-path="url(#${id})">`;
  const planks = 6;
  const pw = (r * 1.8) / planks;
  for (let i = 0; i < planks; i++) {
    const x = cx - r * 0.9 + i * pw;
    const col = mix(wood, i % 2 === 0 ? "#ffffff" : "#000000", 0.05 + rand() * 0.08);
    s += `<rect x="${n(x)}" y="${n(cy - r)}" width="${n(pw)}" height="${n(r * 2)}" fill="${col}"/>`;
    let grain = "";
    for (let k = 0; k < 4; k++) {
      const gx = x + pw * (0.15 + rand() * 0.7);
      grain += `M${n(gx)} ${n(cy - r)}Q${n(gx + (rand() - 0.5) * pw * 0.5)} ${n(cy)} ${n(gx)} ${n(cy + r)}`;
    }
    s += `<path d="${grain}" stroke="${shade(wood, 0.3)}" stroke-width="${n(r * 0.006)}" fill="none" opacity="0.5"/>`;
    s += `<path d="M${n(x)} ${n(cy - r)}V${n(cy + r)}" stroke="${shade(wood, 0.55)}" stroke-width="${n(r * 0.012)}"/>`;
  }
  s += `<circle cx="${n(cx + r * 0.2)}" cy="${n(cy + r * 0.42)}" r="${n(r * 0.18)}" fill="${stain}" opacity="0.35"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy + r * 0.45)}" r="${n(r * 0.07)}" fill="${shade(wood, 0.55)}"/>`;
  s += `<path d="M${n(cx - r * 0.5)} ${n(cy - r * 0.3)}h${n(r * 0.12)}M${n(cx - r * 0.5)} ${n(cy - r * 0.22)}h${n(r * 0.2)}M${n(cx + r * 0.25)} ${n(cy - r * 0.38)}l${n(r * 0.08)} ${n(r * 0.16)}l${n(r * 0.08)} ${n(-r * 0.16)}" stroke="#f1ece0" stroke-width="${n(r * 0.022)}" stroke-linecap="round" opacity="0.8" fill="none"/>`;
  s += `</g>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.86)}" fill="none" stroke="${shade(wood, 0.6)}" stroke-width="${n(r * 0.02)}"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.06)}" fill="none" stroke="#2b2622" stroke-width="${n(r * 0.05)}"/>`;
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.06)}" fill="none" stroke="#9b948a" stroke-width="${n(r * 0.012)}" opacity="0.6" stroke-dasharray="${n(r * 0.8)} ${n(r * 4)}" transform="rotate(200 ${n(cx)} ${n(cy)})"/>`;
  return s;
}

/** An illustrated scene (16:10) for the "Our Products" showcase. */
export function sceneSvg(art: SceneArt, width = 1600, height = 1000): string {
  const W = 1600;
  const H = 1000;
  const { sky, ground, accent } = art;
  const defs: string[] = [blur("cl", 10), blur("glow", 40), blur("soft", 14), blur("far", 3)];
  const body: string[] = [];
  const rand = rng(`${art.kind}${sky}${ground}${accent}`);

  switch (art.kind) {
    case "vineyard":
    case "harvest": {
      defs.push(
        linear(
          "sky",
          [
            [0, shade(sky, 0.12)],
            [0.55, tint(sky, 0.35)],
            [1, tint(sky, 0.75)],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      body.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
      body.push(
        `<circle cx="1230" cy="${art.kind === "harvest" ? 180 : 250}" r="200" fill="#fff3d4" opacity="0.55" filter="url(#glow)"/><circle cx="1230" cy="${art.kind === "harvest" ? 180 : 250}" r="62" fill="#fff8e6"/>`,
      );
      body.push(cloud(320, 170, 360, "#ffffff", 0.7), cloud(820, 110, 260, "#ffffff", 0.55), cloud(1450, 330, 300, "#ffffff", 0.45));
      const far = mix(ground, tint(sky, 0.4), 0.6);
      const mid = mix(ground, tint(sky, 0.3), 0.32);
      body.push(`<path d="M0 540Q200 470 420 505T860 480T1300 500T1600 470V1000H0Z" fill="${far}"/>`);
      body.push(`<path d="M0 600Q260 520 560 570T1120 545T1600 580V1000H0Z" fill="${mid}"/>`);
      let midRows = "";
      for (let i = 0; i < 14; i++) midRows += `M${n(-40 + i * 130)} 1000L${n(250 + i * 95)} 570`;
      defs.push(`<clipPath id="midhill"><path d="M0 600Q260 520 560 570T1120 545T1600 580V1000H0Z"/></clipPath>`);
      body.push(`<g clip-path="url(#midhill)"><path d="${midRows}" stroke="${shade(mid, 0.18)}" stroke-width="5" opacity="0.55"/></g>`);
      // a farmhouse and cypresses on the middle hill
      const roof = accent;
      body.push(
        `<g><rect x="300" y="520" width="120" height="56" fill="#efe4d0"/><rect x="410" y="535" width="60" height="41" fill="#e3d5bd"/>` +
          `<path d="M290 524L360 490L430 524Z" fill="${roof}"/><path d="M405 538L440 516L478 538Z" fill="${shade(roof, 0.1)}"/>` +
          `<rect x="322" y="540" width="14" height="18" fill="#5b4a3a"/><rect x="352" y="540" width="14" height="18" fill="#5b4a3a"/><rect x="384" y="546" width="16" height="30" fill="#6a4f35"/></g>`,
      );
      for (const [x, y, h] of [
        [250, 580, 120],
        [272, 585, 95],
        [500, 575, 110],
        [1380, 590, 130],
        [1408, 592, 100],
      ] as const) {
        body.push(`<path d="M${x} ${y}Q${x - 16} ${y - h * 0.5} ${x} ${y - h}Q${x + 16} ${y - h * 0.5} ${x} ${y}Z" fill="${shade(ground, 0.55)}"/>`);
      }
      if (art.kind === "vineyard") {
        const hill = "M0 700Q360 610 800 650T1600 640V1000H0Z";
        defs.push(
          linear(
            "hill",
            [
              [0, tint(ground, 0.08)],
              [1, shade(ground, 0.22)],
            ],
            0,
            0,
            0,
            1,
          ),
        );
        defs.push(`<clipPath id="hill"><path d="${hill}"/></clipPath>`);
        body.push(`<path d="${hill}" fill="url(#hill)"/>`);
        const vpX = 980;
        const vpY = 600;
        let rows = "";
        let vines = "";
        const soil = mix(ground, "#8a6a45", 0.35);
        for (let i = -9; i <= 14; i++) {
          const bx = vpX + i * 175;
          rows += `M${vpX + i * 6} ${vpY}Q${n(vpX + i * 60 - 80)} 800 ${n(bx - 22)} 1060L${n(bx + 22)} 1060Q${n(vpX + i * 60 - 60)} 800 ${vpX + i * 6 + 2} ${vpY}Z`;
          for (let k = 1; k < 26; k++) {
            const t = (k / 26) ** 1.8;
            const u = t;
            const x0 = vpX + i * 6;
            const cxq = vpX + i * 60 - 70;
            const x = (1 - u) ** 2 * x0 + 2 * (1 - u) * u * cxq + u * u * bx;
            const y = (1 - u) ** 2 * vpY + 2 * (1 - u) * u * 800 + u * u * 1060;
            const r = 1.5 + t * 30;
            vines += `<ellipse cx="${n(x)}" cy="${n(y - r * 0.6)}" rx="${n(r)}" ry="${n(r * 0.8)}" fill="${shade(ground, 0.3 + rand() * 0.12)}"/>`;
            if (t > 0.25)
              vines += `<ellipse cx="${n(x - r * 0.3)}" cy="${n(y - r * 0.9)}" rx="${n(r * 0.45)}" ry="${n(r * 0.3)}" fill="${tint(ground, 0.25)}" opacity="0.7"/>`;
          }
        }
        body.push(
          `<g clip-path="url(#hill)"><rect x="0" y="560" width="${W}" height="440" fill="${soil}" opacity="0.45"/><path d="${rows}" fill="${shade(ground, 0.2)}"/>${vines}</g>`,
        );
        body.push(`<path d="M0 700Q360 610 800 650T1600 640" stroke="${tint(ground, 0.3)}" stroke-width="3" fill="none" opacity="0.6"/>`);
        body.push(
          `<path d="M600 200q12 -10 24 0q12 -10 24 0M700 240q9 -8 18 0q9 -8 18 0M560 260q8 -7 16 0q8 -7 16 0" stroke="#3a3a3a" stroke-width="3" fill="none" opacity="0.55"/>`,
        );
      } else {
        // harvest: vine branch, leaves and bunches in the foreground, a crate of grapes
        body.push(`<g filter="url(#far)"><path d="M0 700Q500 640 1600 690V1000H0Z" fill="${shade(ground, 0.1)}"/></g>`);
        body.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="${tint(sky, 0.5)}" opacity="0.12"/>`);
        body.push(`<path d="M-20 120H1620" stroke="#6b6b6b" stroke-width="3" opacity="0.5"/>`);
        body.push(
          `<path d="M-20 150Q300 90 620 140T1200 130T1620 170" stroke="#5d4025" stroke-width="22" fill="none" stroke-linecap="round"/><path d="M-20 146Q300 86 620 136T1200 126T1620 166" stroke="#8a6440" stroke-width="6" fill="none" opacity="0.6"/>`,
        );
        defs.push(
          radial(
            "grape",
            [
              [0, tint(accent, 0.35)],
              [0.55, accent],
              [1, shade(accent, 0.55)],
            ],
            0.35,
            0.32,
            0.75,
          ),
        );
        const leafCol = ground;
        body.push(grapeLeaf(170, 230, 150, 20, shade(leafCol, 0.05)));
        body.push(grapeLeaf(1420, 250, 170, -25, shade(leafCol, 0.12)));
        body.push(grapeLeaf(770, 210, 120, 8, tint(leafCol, 0.08)));
        body.push(grapeBunch(430, 330, 360, accent, "grape", rand));
        body.push(grapeBunch(1060, 300, 300, accent, "grape", rand));
        body.push(grapeLeaf(560, 190, 110, -30, tint(leafCol, 0.12)));
        body.push(grapeLeaf(1220, 180, 120, 35, leafCol));
        // tendrils
        body.push(
          `<path d="M680 150q30 30 10 60q-20 25 10 45q25 15 5 40" stroke="#7d9a4a" stroke-width="4" fill="none"/><path d="M1300 150q-25 35 0 60q25 20 0 45" stroke="#7d9a4a" stroke-width="4" fill="none"/>`,
        );
        // crate
        const wood = "#b98a55";
        body.push(`<ellipse cx="1300" cy="985" rx="360" ry="40" fill="#000000" opacity="0.25" filter="url(#soft)"/>`);
        let crateGrapes = "";
        for (let i = 0; i < 60; i++) {
          const x = 1010 + rand() * 560;
          const y = 770 + rand() * 50 - Math.sin(((x - 1010) / 560) * Math.PI) * 40;
          crateGrapes += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(20 + rand() * 6)}" fill="url(#grape)"/><circle cx="${n(x - 7)}" cy="${n(y - 7)}" r="4" fill="#ffffff" opacity="0.4"/>`;
        }
        body.push(crateGrapes);
        body.push(`<path d="M990 790L1610 790L1580 990L1020 990Z" fill="${wood}"/>`);
        body.push(
          `<path d="M995 800H1605M1000 860H1600M1008 920H1592" stroke="${shade(wood, 0.4)}" stroke-width="5"/><path d="M1000 855H1600M1008 915H1592" stroke="${tint(wood, 0.25)}" stroke-width="3"/>`,
        );
        body.push(
          `<rect x="1000" y="790" width="26" height="200" fill="${shade(wood, 0.2)}"/><rect x="1565" y="790" width="26" height="200" fill="${shade(wood, 0.2)}"/>`,
        );
        body.push(`<ellipse cx="1290" cy="830" rx="60" ry="20" fill="${shade(wood, 0.55)}"/>`);
      }
      break;
    }
    case "cellar": {
      const wall = sky;
      const light = accent;
      defs.push(
        radial(
          "tunnel",
          [
            [0, tint(light, 0.35)],
            [0.18, mix(wall, light, 0.55)],
            [0.55, shade(wall, 0.25)],
            [1, shade(wall, 0.75)],
          ],
          0.5,
          0.44,
          0.62,
        ),
      );
      body.push(`<rect width="${W}" height="${H}" fill="url(#tunnel)"/>`);
      const vx = 800;
      const vy = 470;
      const floorPath = `M${vx - 6} ${vy + 4}L${vx + 6} ${vy + 4}L1600 1000H0Z`;
      defs.push(
        linear(
          "floor",
          [
            [0, mix(ground, light, 0.4)],
            [0.35, ground],
            [1, shade(ground, 0.6)],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      body.push(`<path d="${floorPath}" fill="url(#floor)"/>`);
      let flags = "";
      for (let i = -6; i <= 6; i++) flags += `M${vx + i * 3} ${vy + 4}L${vx + i * 260} 1000`;
      for (let k = 0.06; k < 1.2; k *= 1.35) flags += `M${n(vx - 800 * k)} ${n(vy + 4 + 530 * k)}H${n(vx + 800 * k)}`;
      body.push(`<path d="${flags}" stroke="${shade(ground, 0.5)}" stroke-width="2" opacity="0.45"/>`);
      const arch = (k: number): string => {
        const w = 700 * k;
        const yf = vy + 530 * k;
        const ys = vy - 120 * k;
        return `M${n(vx - w)} ${n(yf)}L${n(vx - w)} ${n(ys)}A${n(w)} ${n(w * 0.85)} 0 0 1 ${n(vx + w)} ${n(ys)}L${n(vx + w)} ${n(yf)}Z`;
      };
      const ks = [0.12, 0.17, 0.24, 0.33, 0.46, 0.64, 0.88];
      // barrels along both walls, far to near
      defs.push(
        linear(
          "stave",
          [
            [0, shade("#8a5a34", 0.5)],
            [0.5, "#9a6a40"],
            [1, shade("#8a5a34", 0.55)],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      ks.forEach((k, i) => {
        const depthLight = 1 - i / ks.length;
        const rib = mix(shade(wall, 0.35), light, depthLight * 0.45);
        body.push(`<path d="${arch(k * 1.1)} ${arch(k)}" fill-rule="evenodd" fill="${rib}"/>`);
        body.push(`<path d="${arch(k)}" fill="none" stroke="${shade(rib, 0.35)}" stroke-width="${n(6 * k)}"/>`);
        const lampY = vy - 120 * k - 700 * k * 0.85 + 40 * k;
        body.push(
          `<circle cx="${vx}" cy="${n(lampY + 60 * k)}" r="${n(40 * k)}" fill="${light}" opacity="0.5" filter="url(#soft)"/><circle cx="${vx}" cy="${n(lampY + 60 * k)}" r="${n(9 * k)}" fill="${tint(light, 0.6)}"/><path d="M${vx} ${n(lampY)}V${n(lampY + 52 * k)}" stroke="#1c1510" stroke-width="${n(2 * k + 0.5)}"/>`,
        );
        const br = 78 * k;
        for (const side of [-1, 1]) {
          const bx = vx + side * (700 * k - br * 0.75);
          const yf = vy + 530 * k;
          for (let tier = 0; tier < 2; tier++) {
            const by = yf - br - tier * br * 1.9;
            const dark = mix(shade("#6e4426", 0.35), light, depthLight * 0.25);
            body.push(
              `<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(br * 0.55)}" ry="${n(br)}" fill="${dark}"/>` +
                `<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(br * 0.47)}" ry="${n(br * 0.87)}" fill="${mix("#a5713f", light, depthLight * 0.3)}"/>` +
                `<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(br * 0.55)}" ry="${n(br)}" fill="none" stroke="#231a14" stroke-width="${n(br * 0.07)}"/>` +
                `<path d="M${n(bx - br * 0.3)} ${n(by - br * 0.7)}V${n(by + br * 0.7)}M${n(bx)} ${n(by - br * 0.87)}V${n(by + br * 0.87)}M${n(bx + br * 0.3)} ${n(by - br * 0.7)}V${n(by + br * 0.7)}" stroke="${shade("#6e4426", 0.3)}" stroke-width="${n(br * 0.02)}"/>` +
                `<circle cx="${n(bx)}" cy="${n(by + br * 0.45)}" r="${n(br * 0.06)}" fill="#2a1d14"/>`,
            );
          }
        }
      });
      // the nearest wall, in stone
      defs.push(
        `<pattern id="stone" width="120" height="60" patternUnits="userSpaceOnUse"><rect width="120" height="60" fill="${shade(wall, 0.45)}"/>` +
          `<path d="M0 0.5H120M0 30.5H120M0.5 0V30M60.5 30V60" stroke="${shade(wall, 0.7)}" stroke-width="3"/>` +
          `<rect x="8" y="6" width="40" height="10" fill="${tint(wall, 0.08)}" opacity="0.25"/><rect x="70" y="38" width="30" height="8" fill="${tint(wall, 0.08)}" opacity="0.2"/></pattern>`,
      );
      body.push(`<path d="M0 0H1600V1000H0Z ${arch(1.05)}" fill-rule="evenodd" fill="url(#stone)"/>`);
      body.push(`<path d="${arch(1.05)}" fill="none" stroke="${shade(wall, 0.8)}" stroke-width="10"/>`);
      defs.push(
        radial(
          "lightpool",
          [
            [0, light, 0.35],
            [1, light, 0],
          ],
          0.5,
          0.5,
          0.5,
        ),
      );
      body.push(`<ellipse cx="${vx}" cy="860" rx="520" ry="120" fill="url(#lightpool)"/>`);
      break;
    }
    case "distillery": {
      const wall = sky;
      const copper = accent;
      defs.push(
        `<pattern id="brick" width="90" height="40" patternUnits="userSpaceOnUse"><rect width="90" height="40" fill="${wall}"/>` +
          `<path d="M0 1H90M0 21H90M1 0V20M46 20V40" stroke="${shade(wall, 0.22)}" stroke-width="2.5"/></pattern>`,
      );
      body.push(`<rect width="${W}" height="${H}" fill="url(#brick)"/>`);
      defs.push(
        linear("wallshade", [
          [0, "#000000", 0.35],
          [0.4, "#000000", 0.05],
          [1, "#000000", 0.45],
        ]),
      );
      // arched window with light beams
      body.push(
        `<path d="M120 520V240A110 110 0 0 1 340 240V520Z" fill="${tint(sky, 0.75)}"/><path d="M230 130V520M120 330H340" stroke="${shade(wall, 0.4)}" stroke-width="10"/>`,
      );
      body.push(`<path d="M120 240L900 1000L1300 1000L340 240Z" fill="#fff7e0" opacity="0.16" filter="url(#soft)"/>`);
      body.push(`<rect width="${W}" height="${H}" fill="url(#wallshade)"/>`);
      defs.push(
        linear(
          "floor",
          [
            [0, shade(ground, 0.1)],
            [1, shade(ground, 0.5)],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      body.push(`<rect x="0" y="800" width="${W}" height="200" fill="url(#floor)"/>`);
      let tiles = "";
      for (let i = -10; i <= 20; i++) tiles += `M${800 + i * 40} 800L${800 + i * 160} 1000`;
      tiles += "M0 840H1600M0 900H1600";
      body.push(`<path d="${tiles}" stroke="${shade(ground, 0.45)}" stroke-width="2" opacity="0.5"/>`);
      defs.push(
        linear("cu", [
          [0, shade(copper, 0.55)],
          [0.18, shade(copper, 0.2)],
          [0.35, tint(copper, 0.38)],
          [0.45, tint(copper, 0.12)],
          [0.7, copper],
          [1, shade(copper, 0.6)],
        ]),
      );
      const still = (x: number, base: number, k: number, id: string): string => {
        const pot = `M${x - 190 * k} ${base}Q${x - 230 * k} ${base - 120 * k} ${x - 200 * k} ${base - 210 * k}Q${x - 170 * k} ${base - 300 * k} ${x - 70 * k} ${base - 330 * k}Q${x - 40 * k} ${base - 340 * k} ${x - 34 * k} ${base - 360 * k}L${x - 26 * k} ${base - 560 * k}Q${x - 20 * k} ${base - 600 * k} ${x + 30 * k} ${base - 615 * k}L${x + 80 * k} ${base - 625 * k}L${x + 76 * k} ${base - 585 * k}L${x + 26 * k} ${base - 572 * k}L${x + 34 * k} ${base - 360 * k}Q${x + 40 * k} ${base - 340 * k} ${x + 70 * k} ${base - 330 * k}Q${x + 170 * k} ${base - 300 * k} ${x + 200 * k} ${base - 210 * k}Q${x + 230 * k} ${base - 120 * k} ${x + 190 * k} ${base}Z`;
        let seams = "";
        for (const f of [0.25, 0.5, 0.75]) {
          const y = base - 300 * k * f;
          const w = 205 * k * (1 - 0.1 * f);
          seams += `<path d="M${n(x - w)} ${n(y)}Q${x} ${n(y + 18 * k)} ${n(x + w)} ${n(y)}" stroke="${shade(copper, 0.45)}" stroke-width="${n(3 * k)}" fill="none"/>`;
          let rivets = "";
          for (let i = -8; i <= 8; i++) {
            const rx = x + (i / 8) * w * 0.92;
            const ry = y + 18 * k * 0.5 * (1 - (i / 8) ** 2) - 6 * k;
            rivets += `<circle cx="${n(rx)}" cy="${n(ry)}" r="${n(2.6 * k)}" fill="${tint(copper, 0.35)}"/>`;
          }
          seams += rivets;
        }
        return (
          `<g><path d="${pot}" fill="url(#cu)"/>${seams}` +
          `<path d="M${x - 34 * k} ${base - 450 * k}H${x + 30 * k}" stroke="${shade(copper, 0.4)}" stroke-width="${n(4 * k)}"/>` +
          `<circle cx="${n(x + 90 * k)}" cy="${n(base - 150 * k)}" r="${n(36 * k)}" fill="${shade(copper, 0.35)}"/><circle cx="${n(x + 90 * k)}" cy="${n(base - 150 * k)}" r="${n(28 * k)}" fill="${shade(copper, 0.1)}"/>` +
          `<circle cx="${n(x - 110 * k)}" cy="${n(base - 230 * k)}" r="${n(18 * k)}" fill="#f3efe6" stroke="#333" stroke-width="${n(3 * k)}"/><path d="M${n(x - 110 * k)} ${n(base - 230 * k)}l${n(10 * k)} ${n(-8 * k)}" stroke="#a32" stroke-width="${n(2 * k)}"/>` +
          `<ellipse cx="${x}" cy="${base}" rx="${n(195 * k)}" ry="${n(14 * k)}" fill="${shade(copper, 0.6)}"/><rect id="${id}" x="0" y="0" width="0" height="0"/></g>`
        );
      };
      // small still behind, main still, lyne arm to a condenser
      body.push(`<g opacity="0.75">${still(1120, 800, 0.55, "s2")}</g>`);
      body.push(
        `<rect x="1290" y="330" width="130" height="470" rx="14" fill="url(#cu)"/><path d="M1290 420H1420M1290 560H1420M1290 700H1420" stroke="${shade(copper, 0.45)}" stroke-width="5"/>`,
      );
      body.push(`<ellipse cx="1355" cy="330" rx="65" ry="12" fill="${tint(copper, 0.2)}"/>`);
      body.push(
        `<path d="M700 205L1320 330" stroke="${shade(copper, 0.3)}" stroke-width="24" stroke-linecap="round"/><path d="M700 198L1320 323" stroke="${tint(copper, 0.35)}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`,
      );
      body.push(still(640, 800, 1, "s1"));
      body.push(`<path d="M430 640H860M430 640V800M860 640V800M430 700H860" stroke="#2a2a2a" stroke-width="7" opacity="0.85"/>`);
      body.push(`<ellipse cx="640" cy="810" rx="300" ry="22" fill="#000000" opacity="0.3" filter="url(#soft)"/>`);
      body.push(`<path d="M0 760H1600" stroke="#000000" stroke-width="2" opacity="0.1"/>`);
      body.push(
        `<path d="M860 740H1290" stroke="${shade(copper, 0.25)}" stroke-width="14"/><path d="M860 736H1290" stroke="${tint(copper, 0.3)}" stroke-width="3" opacity="0.7"/>`,
      );
      break;
    }
    case "barrel": {
      defs.push(
        radial(
          "bgb",
          [
            [0, mix(sky, accent, 0.35)],
            [0.6, sky],
            [1, shade(sky, 0.6)],
          ],
          0.5,
          0.3,
          0.8,
        ),
      );
      body.push(`<rect width="${W}" height="${H}" fill="url(#bgb)"/>`);
      body.push(`<rect x="0" y="880" width="${W}" height="120" fill="${shade(ground, 0.55)}"/>`);
      const wood = ground;
      const stain = "#6a1a2a";
      const r = 225;
      const back = [
        [565, 405],
        [1035, 405],
      ] as const;
      const front = [
        [330, 790],
        [800, 790],
        [1270, 790],
      ] as const;
      back.forEach(([x, y], i) => body.push(barrelHead(x, y, r, shade(wood, 0.12), stain, rand, `bh${i}`, defs)));
      body.push(`<rect x="0" y="${790 - r - 30}" width="${W}" height="40" fill="#000000" opacity="0.2" filter="url(#soft)"/>`);
      front.forEach(([x, y], i) => body.push(barrelHead(x, y, r, wood, stain, rand, `bf${i}`, defs)));
      // chocks under the bottom row
      for (const [x] of front) body.push(`<path d="M${x - 150} 1000L${x - 110} 960H${x + 110}L${x + 150} 1000Z" fill="${shade(wood, 0.45)}"/>`);
      defs.push(
        radial(
          "beam",
          [
            [0, accent, 0.45],
            [1, accent, 0],
          ],
          0.5,
          0.5,
          0.5,
        ),
      );
      body.push(`<ellipse cx="560" cy="300" rx="700" ry="380" fill="url(#beam)"/>`);
      break;
    }
    case "pairing": {
      defs.push(
        linear(
          "wall",
          [
            [0, shade(sky, 0.25)],
            [1, tint(sky, 0.1)],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      body.push(`<rect width="${W}" height="380" fill="url(#wall)"/>`);
      for (let i = 0; i < 7; i++)
        body.push(
          `<circle cx="${n(100 + rand() * 1400)}" cy="${n(60 + rand() * 220)}" r="${n(30 + rand() * 50)}" fill="${tint(accent, 0.6)}" opacity="${n(0.12 + rand() * 0.15)}" filter="url(#soft)"/>`,
        );
      defs.push(
        linear(
          "table",
          [
            [0, tint(ground, 0.1)],
            [1, shade(ground, 0.35)],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      body.push(`<rect y="360" width="${W}" height="640" fill="url(#table)"/>`);
      let planks = "";
      for (let y = 380, k = 0; y < H; y += 50 + k * 22, k++) planks += `M0 ${y}H${W}`;
      body.push(`<path d="${planks}" stroke="${shade(ground, 0.4)}" stroke-width="3" opacity="0.45"/>`);
      body.push(`<rect y="356" width="${W}" height="8" fill="${tint(ground, 0.3)}" opacity="0.5"/>`);
      // linen runner
      body.push(
        `<path d="M560 360H1040L1120 1000H480Z" fill="#f1ebdf" opacity="0.92"/><path d="M590 360L520 1000M1010 360L1080 1000" stroke="${accent}" stroke-width="4" opacity="0.5"/>`,
      );
      // bottle on the left, glasses
      const bottleArt: BottleArt = {
        shape: "bordeaux",
        view: "front",
        glass: "#1f3524",
        label: "#f2ead8",
        accent,
        capsule: shade(accent, 0.15),
        background: sky,
      };
      const b = drawBottle(bottleArt, "pb", sky);
      defs.push(...b.defs);
      body.push(`<ellipse cx="250" cy="560" rx="130" ry="18" fill="#000000" opacity="0.35" filter="url(#soft)"/>`);
      body.push(`<g transform="translate(220 560) scale(1.55)">${b.body}</g>`);
      const look: GlassLook = { edge: shade(ground, 0.6) };
      const bowl = [P(3, -96, true), P(24, -104), P(40, -128), P(42, -156), P(38, -186), P(31, -208)];
      body.push(`<ellipse cx="470" cy="640" rx="90" ry="12" fill="#000000" opacity="0.3" filter="url(#soft)"/>`);
      body.push(`<g transform="translate(450 640) scale(1.75)">${stemmed("pg1", bowl, -94, 36, shade(accent, 0.25), -136, look, defs)}</g>`);
      body.push(`<ellipse cx="1340" cy="600" rx="90" ry="12" fill="#000000" opacity="0.3" filter="url(#soft)"/>`);
      body.push(`<g transform="translate(1320 600) scale(1.65)">${stemmed("pg2", bowl, -94, 36, shade(accent, 0.25), -140, look, defs)}</g>`);
      // board with cheese, grapes, charcuterie, crackers
      body.push(`<ellipse cx="830" cy="800" rx="400" ry="150" fill="#000000" opacity="0.3" filter="url(#soft)"/>`);
      defs.push(
        linear(
          "plate",
          [
            [0, "#ffffff"],
            [1, "#d9d4ca"],
          ],
          0,
          0,
          0,
          1,
        ),
      );
      body.push(
        `<ellipse cx="820" cy="770" rx="390" ry="150" fill="url(#plate)"/><ellipse cx="820" cy="776" rx="320" ry="118" fill="#efebe3"/><ellipse cx="820" cy="770" rx="390" ry="150" fill="none" stroke="#bdb6a8" stroke-width="3"/>`,
      );
      body.push(
        `<path d="M640 800L780 700L830 770L830 800L690 850Z" fill="#e9c25a"/><path d="M690 850L830 800V830L690 880Z" fill="#c99b33"/><path d="M640 800L690 850L690 880L640 830Z" fill="#d9ad45"/><path d="M780 700L830 770" stroke="#b98e3b" stroke-width="6"/>`,
      );
      for (const [x, y] of [
        [700, 770],
        [740, 790],
        [760, 745],
      ] as const)
        body.push(`<ellipse cx="${x}" cy="${y}" rx="7" ry="4" fill="#d4a540"/>`);
      defs.push(
        radial(
          "grape",
          [
            [0, tint(accent, 0.35)],
            [0.55, accent],
            [1, shade(accent, 0.55)],
          ],
          0.35,
          0.32,
          0.75,
        ),
      );
      let grapes = "";
      for (let i = 0; i < 14; i++) {
        const x = 930 + (i % 5) * 28 + (Math.floor(i / 5) % 2) * 14;
        const y = 690 + Math.floor(i / 5) * 24;
        grapes += `<circle cx="${x}" cy="${y}" r="17" fill="url(#grape)"/><circle cx="${x - 5}" cy="${y - 6}" r="3.5" fill="#ffffff" opacity="0.5"/>`;
      }
      body.push(grapes + `<path d="M985 672Q990 650 1010 640" stroke="#5b4a2a" stroke-width="5" fill="none"/>`);
      for (let i = 0; i < 4; i++) {
        const x = 900 + i * 55;
        body.push(
          `<g transform="rotate(${-10 + i * 6} ${x} 820)"><ellipse cx="${x}" cy="820" rx="34" ry="22" fill="#d98c8c"/><path d="M${x - 28} 814Q${x} 800 ${x + 28} 814M${x - 24} 826Q${x} 816 ${x + 24} 828" stroke="#f5e1dc" stroke-width="4" fill="none"/></g>`,
        );
      }
      for (let i = 0; i < 3; i++) {
        const x = 560 + i * 44;
        body.push(
          `<ellipse cx="${x}" cy="${712 + i * 10}" rx="36" ry="15" fill="#d8b57a" stroke="#b58d50" stroke-width="2"/><circle cx="${x - 10}" cy="${710 + i * 10}" r="2" fill="#a57a3e"/><circle cx="${x + 10}" cy="${714 + i * 10}" r="2" fill="#a57a3e"/>`,
        );
      }
      for (const [x, y] of [
        [1060, 770],
        [1085, 785],
        [1050, 795],
      ] as const)
        body.push(
          `<ellipse cx="${x}" cy="${y}" rx="13" ry="10" fill="#6f7d2e"/><ellipse cx="${x - 4}" cy="${y - 3}" rx="4" ry="2.5" fill="#ffffff" opacity="0.35"/>`,
        );
      body.push(
        `<path d="M880 860Q960 840 1040 870" stroke="#4e6b34" stroke-width="4" fill="none"/>` +
          Array.from(
            { length: 9 },
            (_, i) =>
              `<path d="M${890 + i * 17} ${857 - Math.sin(i / 3) * 8}l-6 -12M${890 + i * 17} ${857 - Math.sin(i / 3) * 8}l8 -10" stroke="#5e7e3e" stroke-width="3" stroke-linecap="round"/>`,
          ).join(""),
      );
      break;
    }
  }

  return doc(width, height, W, H, defs, body);
}
