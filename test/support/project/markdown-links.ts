/**
 * The relative links of a Markdown document and the anchors its headings make, the way GitHub
 * renders them: a heading's anchor is github-slugger's slug of its visible text (repeats get
 * -1, -2…), and `<a id="…">` / `<a name="…">` add their own. Links inside code are not links.
 */
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';

export interface MarkdownLink {
  target: string;
  line: number;
}

/** What a link's file is: missing, a folder, or a file (with its anchors when it is Markdown). */
export type LinkedPath =
  | { kind: 'missing' }
  | { kind: 'folder' }
  | { kind: 'file'; anchors: ReadonlySet<string> | null };

/** Code blocks and code spans blanked out, newlines kept, so offsets still give line numbers. */
function withoutCode(markdown: string): string {
  const blank = (code: string): string => code.replace(/[^\n]/g, ' ');
  return markdown.replace(/^[ \t]*```[\s\S]*?^[ \t]*```[ \t]*$/gm, blank).replace(/`[^`\n]*`/g, blank);
}

/** A heading's visible text: what GitHub slugs (links become their text, markup and tags go). */
function visibleText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/\*+/g, '')
    .replace(/(^|\W)_([^_]+)_(?=\W|$)/g, '$1$2');
}

export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const outsideCode = markdown.replace(/^[ \t]*```[\s\S]*?^[ \t]*```[ \t]*$/gm, '');
  const anchors = new Set<string>();
  for (const m of outsideCode.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm))
    anchors.add(slugger.slug(visibleText(m[1] ?? '')));
  for (const m of withoutCode(markdown).matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1] ?? '');
  return anchors;
}

/** Every link and image target that is not a URL with a scheme (http:, mailto:…) or protocol-relative. */
export function findRelativeLinks(markdown: string): MarkdownLink[] {
  const text = withoutCode(markdown);
  const links: MarkdownLink[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    const target = m[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    links.push({ target, line: text.slice(0, m.index).split('\n').length });
  }
  return links;
}

/**
 * The links of `markdown` (the file at `fromFile`) that do not resolve: a missing file or folder,
 * an anchor no heading of the target makes, or an anchor on a file that is not Markdown.
 */
export function findBrokenLinks(fromFile: string, markdown: string, lookup: (file: string) => LinkedPath): string[] {
  const broken: string[] = [];
  for (const { target, line } of findRelativeLinks(markdown)) {
    const hash = target.indexOf('#');
    const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const file = filePart === '' ? fromFile : path.resolve(path.dirname(fromFile), filePart);
    const linked = filePart === '' ? { kind: 'file' as const, anchors: headingAnchors(markdown) } : lookup(file);
    const at = `line ${line}: ${target}`;
    if (linked.kind === 'missing') broken.push(`${at} (no such file)`);
    else if (anchor === null) continue;
    else if (linked.kind === 'folder' || linked.anchors === null)
      broken.push(`${at} (an anchor on a file that is not Markdown)`);
    else if (!linked.anchors.has(anchor)) broken.push(`${at} (no heading makes #${anchor})`);
  }
  return broken;
}

/** The lookup for files on disk. */
export function lookupOnDisk(file: string): LinkedPath {
  if (!fs.existsSync(file)) return { kind: 'missing' };
  if (fs.statSync(file).isDirectory()) return { kind: 'folder' };
  return { kind: 'file', anchors: file.endsWith('.md') ? headingAnchors(fs.readFileSync(file, 'utf8')) : null };
}
