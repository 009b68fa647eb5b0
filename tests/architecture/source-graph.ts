// The import graph of src/, read with the TypeScript compiler's own parser (issue 28, "Done means"): every
// `import` (type-only too), `export … from`, `import x = require('…')`, `import('…')` with a literal,
// `typeof import('…')` in a type, and a plain `require('…')` call (a CommonJS worker's). A parser, not a
// regex, so an import is never missed because of how it is written, and text in comments or strings is
// never taken for one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The file extensions a source file of this house has, in the order a bare specifier is tried. */
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export type ImportKind = 'import' | 'export-from' | 'import-equals' | 'dynamic' | 'import-type' | 'require';

export interface ImportEdge {
  /** As written in the file. */
  specifier: string;
  kind: ImportKind;
  /** Erased at build time (`import type`, `export type`, every name marked `type`, `import('…')` in a type). */
  typeOnly: boolean;
  /** The src file it names (repo-relative, forward slashes), or null for a package or a Node builtin. */
  target: string | null;
  line: number;
}

export interface SourceFile {
  path: string;
  lines: number;
  imports: ImportEdge[];
}

/** Repo-relative, forward slashes: the form every check prints. */
export function repoPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return sourceFilesUnder(full);
      return SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [full] : [];
    });
}

/** The file a relative specifier names, the way the bundler resolves it (extension optional, index files). */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => stem + ext), ...SOURCE_EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

function literalText(node: ts.Node | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/** Every module a file's text names, with how it names it. Exported for the checks' own tests. */
export function importsOf(fileName: string, text: string): Omit<ImportEdge, 'target'>[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Omit<ImportEdge, 'target'>[] = [];
  const add = (specifier: string | null, kind: ImportKind, typeOnly: boolean, at: ts.Node) => {
    if (specifier === null) return;
    out.push({ specifier, kind, typeOnly, line: sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      // `import { type A, type B } from` is erased too; `import './x'` (no clause) is a run-time import.
      const allTypes = !!clause && !clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly);
      add(literalText(node.moduleSpecifier), 'import', !!clause && (clause.isTypeOnly || allTypes), node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      const allTypes = !!named && named.length > 0 && named.every((e) => e.isTypeOnly);
      add(literalText(node.moduleSpecifier), 'export-from', node.isTypeOnly || allTypes, node);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(literalText(node.moduleReference.expression), 'import-equals', node.isTypeOnly, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(literalText(node.arguments[0]), 'dynamic', false, node);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' && node.arguments.length === 1) {
      // `obj.require(…)` is a member call (not an identifier) and is not read as an import.
      add(literalText(node.arguments[0]), 'require', false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(literalText(node.argument.literal), 'import-type', true, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every source file under `<root>/src` with its imports resolved to files of the tree where they are relative. */
export function readSourceTree(root: string = REPO_ROOT): Map<string, SourceFile> {
  const files = new Map<string, SourceFile>();
  for (const full of sourceFilesUnder(join(root, 'src'))) {
    const text = readFileSync(full, 'utf8');
    const imports = importsOf(full, text).map((i) => {
      const resolved = i.specifier.startsWith('.') ? resolveRelative(full, i.specifier) : null;
      return { ...i, target: resolved ? repoPath(root, resolved) : null };
    });
    // Lines as an editor counts them: a final newline does not start another line.
    const lines = text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    files.set(repoPath(root, full), { path: repoPath(root, full), lines, imports });
  }
  return files;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));
export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]);
}

/** A tree from inline sources (path → text), relative imports resolved among them: for the checks' own tests. */
export function treeFromSources(sources: Record<string, string>): Map<string, SourceFile> {
  const paths = new Set(Object.keys(sources));
  const resolveIn = (from: string, specifier: string): string | null => {
    const parts = from.split('/').slice(0, -1);
    for (const seg of specifier.split('/')) {
      if (seg === '..') parts.pop();
      else if (seg !== '.') parts.push(seg);
    }
    const base = parts.join('/');
    return [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`)].find((c) => paths.has(c)) ?? null;
  };
  return new Map(
    Object.entries(sources).map(([path, text]) => [
      path,
      {
        path,
        lines: text.split('\n').length,
        imports: importsOf(path, text).map((i) => ({ ...i, target: i.specifier.startsWith('.') ? resolveIn(path, i.specifier) : null })),
      },
    ]),
  );
}
