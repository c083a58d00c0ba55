// The file names a comment mentions (`state/store.ts`, `ui/keys/dispatch.ts`, `../../src/lib/prng.ts`, `tui.ts`),
// read with TypeScript's scanner so a path inside a string or a regex is not taken for one in a comment.
// Used by test/docs/comment-file-names.test.ts to keep every mention naming a file that exists.

import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** A path to a .ts/.tsx (from a folder, `./` or `../`) or a bare file name; not in a URL, a glob, a `<name>` or a `~/` path. */
const MENTION = /(?<![\w./@~*<>{}$:-])((?:\.\.?\/)*(?:[\w@-][\w.@-]*\/)*[\w-][\w.-]*\.tsx?)(?![\w/*-])/g;

/** Tokens after which a `/` divides; anywhere else it opens a regex literal. */
const DIVIDES_AFTER = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
]);

export interface Comment {
  line: number;
  text: string;
}

/** Every comment of a TypeScript source, with the 1-based line it starts on. */
export function commentsOf(source: string, tsx = false): Comment[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, tsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, source);
  const comments: Comment[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (pos: number): number => {
    for (; counted < pos; counted++) if (source.charCodeAt(counted) === 10) line++;
    return line;
  };
  const braces: ('block' | 'template')[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      comments.push({ line: lineAt(scanner.getTokenStart()), text: scanner.getTokenText() });
      continue;
    }
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !DIVIDES_AFTER.has(previous)) kind = scanner.reScanSlashToken();
    if (kind === ts.SyntaxKind.TemplateHead) braces.push('template');
    else if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('block');
    else if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === 'template') {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateMiddle) braces.push('template');
    }
    previous = kind;
  }
  return comments;
}

/** The file-name mentions in a piece of prose. */
export function mentionsIn(text: string): string[] {
  return [...text.matchAll(MENTION)].map((m) => m[1]!).filter((m) => !m.endsWith('.d.ts'));
}

/** Source files below `dir` (repo-relative, `/`-separated), skipping dependencies and generated output. */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'results' && !entry.name.startsWith('.')) walk(path);
      } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** The repo's source files, indexed for `mentionExists`: each path, each path's tails, each file name. */
export class FileIndex {
  private readonly tails = new Set<string>();
  private readonly names = new Set<string>();

  constructor(
    private readonly root: string,
    files: readonly string[],
  ) {
    for (const file of files) {
      const parts = file.split('/');
      for (let i = 0; i < parts.length; i++) this.tails.add(parts.slice(i).join('/'));
      this.names.add(parts.at(-1)!);
    }
  }

  /**
   * Whether a mention names a file that exists: relative to the mentioning file's folder, the repo root or
   * src/, or as the tail of any repo file's path (`keys/dispatch.ts` for src/ui/keys/dispatch.ts,
   * `helpers/sent.ts` for test/helpers/sent.ts). A bare name counts when any repo file has that name.
   */
  exists(from: string, mention: string): boolean {
    if (mention.startsWith('.')) return existsSync(join(this.root, dirname(from), mention));
    if (!mention.includes('/')) return this.names.has(mention);
    return this.tails.has(mention) || [join(this.root, dirname(from)), this.root, join(this.root, 'src')].some((base) => existsSync(join(base, mention)));
  }
}

