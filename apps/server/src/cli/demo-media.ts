/**
 * Regenerates the demo trails' media in assets/demo/media (kept in the repo; run by hand when they change):
 * images drawn from SVG with sharp, tunes synthesised as WAV (and one OGG), test-pattern MP4s with ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/demo/media');

const svg = (w: number, h: number, body: string, bg: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="${bg}"/>${body}</svg>`,
  );
const label = (text: string, y: number, size = 22, fill = '#fff') =>
  `<text x="50%" y="${y}" font-family="sans-serif" font-size="${size}" font-weight="bold" fill="${fill}" text-anchor="middle">${text}</text>`;

const ICONS: [string, string, string][] = [
  ['icon-exam.png', '#ff7233', 'A+'],
  ['icon-survey.png', '#26a69a', '?'],
  ['icon-assessment.png', '#5c6bc0', '★'],
  ['icon-battle.png', '#d9b100', 'VS'],
];
const SHAPES: [string, string, string][] = [
  ['circle.png', '#e53935', '<circle cx="120" cy="72" r="52" fill="#fff"/>'],
  ['square.png', '#1e88e5', '<rect x="70" y="22" width="100" height="100" fill="#fff"/>'],
  ['triangle.png', '#43a047', '<polygon points="120,18 178,124 62,124" fill="#fff"/>'],
  [
    'star.png',
    '#8e24aa',
    '<polygon points="120,16 134,58 178,58 142,84 156,126 120,100 84,126 98,84 62,58 106,58" fill="#fff"/>',
  ],
];
const FRUITS: [string, string, string][] = [
  ['apple.jpg', '#c62828', 'Apple'],
  ['banana.jpg', '#f9a825', 'Banana'],
  ['grape.jpg', '#6a1b9a', 'Grape'],
  ['carrot.jpg', '#ef6c00', 'Carrot'],
];

async function images(): Promise<void> {
  for (const [name, bg, text] of ICONS)
    await sharp(svg(128, 128, label(text, 80, 48), bg))
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(OUT, name));
  for (const [name, bg, body] of SHAPES)
    await sharp(svg(240, 144, body, bg))
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(OUT, name));
  for (const [name, bg, text] of FRUITS)
    await sharp(svg(240, 144, `<circle cx="120" cy="60" r="36" fill="#ffffff55"/>${label(text, 128, 24)}`, bg))
      .jpeg({ quality: 70 })
      .toFile(path.join(OUT, name));
  const hills =
    '<path d="M0 300 Q200 160 400 280 T800 240 V450 H0Z" fill="#2e7d32"/><path d="M0 360 Q260 260 520 350 T800 330 V450 H0Z" fill="#388e3c"/><circle cx="640" cy="90" r="50" fill="#ffeb3b"/>';
  await sharp(svg(800, 450, hills, '#81d4fa'))
    .jpeg({ quality: 60 })
    .toFile(path.join(OUT, 'background.jpg'));
  await sharp(
    svg(480, 270, `${hills.replaceAll('800', '480')}${label('Welcome to the trail', 150, 28, '#263238')}`, '#b3e5fc'),
  )
    .resize(480, 270)
    .jpeg({ quality: 65 })
    .toFile(path.join(OUT, 'intro.jpg'));
}

/** A mono 16-bit 11 025 Hz WAV of the given notes (Hz, seconds), with short fades so it doesn't click. */
function wav(notes: [number, number][]): Buffer {
  const rate = 11025;
  const samples: number[] = [];
  for (const [f, d] of notes) {
    const n = Math.round(rate * d);
    for (let i = 0; i < n; i++) {
      const env = Math.min(1, i / 200, (n - i) / 400);
      samples.push(f ? Math.round(Math.sin((2 * Math.PI * f * i) / rate) * 12000 * env) : 0);
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) data.writeInt16LE(s, i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const C = 262;
const D = 294;
const E = 330;
const F = 349;
const G = 392;
const A = 440;
const TUNES: Record<string, [number, number][]> = {
  'rising.wav': [
    [C, 0.25],
    [E, 0.25],
    [G, 0.25],
    [2 * C, 0.5],
  ],
  'falling.wav': [
    [2 * C, 0.25],
    [G, 0.25],
    [E, 0.25],
    [C, 0.5],
  ],
  'steady.wav': [
    [A, 0.3],
    [0, 0.1],
    [A, 0.3],
    [0, 0.1],
    [A, 0.4],
  ],
  'twinkle.wav': [
    [C, 0.3],
    [C, 0.3],
    [G, 0.3],
    [G, 0.3],
    [A, 0.3],
    [A, 0.3],
    [G, 0.5],
  ],
  'chime.wav': [
    [D, 0.2],
    [F, 0.2],
    [A, 0.6],
  ],
};

async function audio(): Promise<void> {
  for (const [name, notes] of Object.entries(TUNES)) await fs.writeFile(path.join(OUT, name), wav(notes));
  // one OGG too, so both formats the spec accepts are exercised
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    path.join(OUT, 'chime.wav'),
    '-c:a',
    'libvorbis',
    '-q:a',
    '1',
    path.join(OUT, 'chime.ogg'),
  ]);
  await fs.rm(path.join(OUT, 'chime.wav'));
}

const VIDEOS: [string, string][] = [
  ['bars.mp4', 'smptebars=size=320x180:rate=15:duration=2'],
  ['pattern.mp4', 'testsrc=size=320x180:rate=15:duration=2'],
  ['colours.mp4', 'rgbtestsrc=size=320x180:rate=15:duration=2'],
];

function video(): void {
  for (const [name, src] of VIDEOS)
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      src,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '32',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      path.join(OUT, name),
    ]);
}

async function main(): Promise<void> {
  await fs.mkdir(OUT, { recursive: true });
  await images();
  await audio();
  video();
  console.log(`demo media written to ${OUT}`);
}

void main();
