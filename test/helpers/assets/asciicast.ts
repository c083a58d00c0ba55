// An asciicast v2 file (what `asciinema play` reads): a JSON header line, then one
// [seconds, "o", text] line per piece of terminal output, in order.

export interface AsciicastHeader {
  version: 2;
  width: number;
  height: number;
  timestamp: number;
  title?: string;
  env?: Record<string, string>;
}

/** Time starts at the first output: a player shows no blank wait for the program to start. */
export class AsciicastWriter {
  private readonly events: [number, 'o', string][] = [];
  private startedAt: number | null = null;

  constructor(
    private readonly header: Omit<AsciicastHeader, 'version' | 'timestamp'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Output the terminal received at this moment (empty text is not an event). */
  output(text: string): void {
    if (text === '') return;
    this.startedAt ??= this.now();
    const seconds = Math.round(this.now() - this.startedAt) / 1000;
    this.events.push([seconds, 'o', text]);
  }

  get eventCount(): number {
    return this.events.length;
  }

  toText(): string {
    const head: AsciicastHeader = { version: 2, ...this.header, timestamp: Math.floor((this.startedAt ?? this.now()) / 1000) };
    return [JSON.stringify(head), ...this.events.map((e) => JSON.stringify(e))].join('\n') + '\n';
  }
}

/** Parses an asciicast v2 text; throws on anything that is not one. */
export function parseAsciicast(text: string): { header: AsciicastHeader; events: [number, string, string][] } {
  const [first, ...rest] = text.split('\n').filter((l) => l !== '');
  const header = JSON.parse(first ?? 'null') as AsciicastHeader | null;
  if (!header || header.version !== 2 || !(header.width > 0) || !(header.height > 0)) throw new Error('not an asciicast v2 header');
  let last = 0;
  const events = rest.map((line, i) => {
    const e = JSON.parse(line) as unknown;
    if (!Array.isArray(e) || e.length !== 3 || typeof e[0] !== 'number' || typeof e[1] !== 'string' || typeof e[2] !== 'string') {
      throw new Error(`event ${i + 1} is not [time, type, data]`);
    }
    if (e[0] < last) throw new Error(`event ${i + 1} goes back in time`);
    last = e[0];
    return e as [number, string, string];
  });
  return { header, events };
}
