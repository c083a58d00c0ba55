// A terminal screen as strict as xterm and tmux where xterm.js (the screen tests' emulator) is lenient:
// with autowrap off, the cursor stays ON the last column after a character is written there, so an erase
// to the end of the line (EL) erases that character; and a resize promises nothing about what the screen
// still shows (here: it is blank). Understands what the row-diff writer sends: printable characters (one
// cell each), CR, LF (as a tty's onlcr turns it: CR LF), CSI n A / E / G / H / J / K, SGR and DEC private
// modes (ignored).

const CSI = /^\u001B\[([0-9;?]*)([A-Za-z])/;

export class StrictTerminal {
  private cells: string[][] = [];
  private x = 0;
  private y = 0;

  constructor(
    public columns: number,
    public rows: number,
  ) {
    this.blank();
  }

  /** The size changes and the screen is blank (the cursor stays where it was, inside the new size). */
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.blank();
    this.x = Math.min(this.x, columns - 1);
    this.y = Math.min(this.y, rows - 1);
  }

  write(text: string): boolean {
    let i = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '\u001B') {
        const m = CSI.exec(text.slice(i));
        if (!m) throw new Error(`strict terminal: unknown escape at ${JSON.stringify(text.slice(i, i + 8))}`);
        this.csi(m[1]!, m[2]!);
        i += m[0].length;
        continue;
      }
      if (ch === '\r') this.x = 0;
      else if (ch === '\n') this.lineFeed();
      else {
        this.cells[this.y]![this.x] = ch;
        // Autowrap off: the cursor stays on the last column.
        if (this.x < this.columns - 1) this.x += 1;
      }
      i += 1;
    }
    return true;
  }

  /** The screen, one string per row, trailing blanks trimmed. */
  lines(): string[] {
    return this.cells.map((row) => row.join('').trimEnd());
  }

  private blank(): void {
    this.cells = Array.from({ length: this.rows }, () => Array.from({ length: this.columns }, () => ' '));
  }

  private lineFeed(): void {
    this.x = 0;
    if (this.y < this.rows - 1) this.y += 1;
    else {
      this.cells.shift();
      this.cells.push(Array.from({ length: this.columns }, () => ' '));
    }
  }

  private csi(params: string, final: string): void {
    if (params.startsWith('?') || final === 'm') return;
    const [a, b] = params.split(';').map((p) => (p === '' ? undefined : Number(p)));
    const n = a ?? 1;
    switch (final) {
      case 'A':
        this.y = Math.max(0, this.y - n);
        return;
      case 'E':
        this.y = Math.min(this.rows - 1, this.y + n);
        this.x = 0;
        return;
      case 'G':
        this.x = Math.min(this.columns - 1, n - 1);
        return;
      case 'H':
        this.y = Math.min(this.rows - 1, (a ?? 1) - 1);
        this.x = Math.min(this.columns - 1, (b ?? 1) - 1);
        return;
      case 'K':
        for (let x = this.x; x < this.columns; x++) this.cells[this.y]![x] = ' ';
        return;
      case 'J':
        if (a === 2) return this.blank();
        for (let x = this.x; x < this.columns; x++) this.cells[this.y]![x] = ' ';
        for (let y = this.y + 1; y < this.rows; y++) this.cells[y] = Array.from({ length: this.columns }, () => ' ');
        return;
      default:
        throw new Error(`strict terminal: CSI ${params}${final} is not modelled`);
    }
  }
}
