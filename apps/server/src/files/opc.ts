import { XMLBuilder, XMLParser, type X2jOptions, type XmlBuilderOptions } from 'fast-xml-parser';

/**
 * The package parts of an Office file (Open Packaging Conventions): relationship parts (`*.rels`)
 * and `[Content_Types].xml`. A themed copy of a deck edits them with fast-xml-parser (decision 009).
 *
 * Values are kept as written (`processEntities: false`), so that what is not changed comes out as it
 * went in: the builder would otherwise write `&#x41;` back as `&amp;#x41;`. Values are unescaped
 * here, where they are read, and escaped where they are written. A DOCTYPE is dropped, never
 * expanded. Slides are never parsed so: their text is read as it streams (`SlideTextReader`).
 */

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  suppressEmptyNode: true,
} satisfies X2jOptions & XmlBuilderOptions;

/** One node of fast-xml-parser's ordered tree: `{ name: children, ':@': attributes }`. */
type XmlNode = { ':@'?: Record<string, string> } & Record<string, unknown>;

/** An XML part no parser could read. */
export class XmlError extends Error {
  override name = 'XmlError';
}

function parseXml(xml: string): XmlNode[] {
  try {
    return new XMLParser(OPTIONS).parse(xml) as XmlNode[];
  } catch (error) {
    throw new XmlError(error instanceof Error ? error.message : 'unreadable XML');
  }
}

const buildXml = (tree: XmlNode[]) => new XMLBuilder(OPTIONS).build(tree) as string;

/** A node's tag name (`Relationship`, or `r:Relationship`); undefined for text and comments. */
const tagOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#'));
/** A tag name without its namespace prefix. */
const localName = (tag: string) => tag.slice(tag.indexOf(':') + 1);

/** The children of the first top-level element named `root` (any prefix), with that element's tag. */
function rootChildren(tree: XmlNode[], root: string): { tag: string; children: XmlNode[] } | null {
  for (const node of tree) {
    const tag = tagOf(node);
    if (tag !== undefined && localName(tag) === root) return { tag, children: node[tag] as XmlNode[] };
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The character a reference names. A reference to a surrogate is no character (XML forbids it):
 * it is dropped, so that two of them never make a pair that depends on where a chunk ended.
 */
const safeCodePoint = (code: number, fallback: string) => {
  if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) return fallback;
  return code >= 0xd800 && code <= 0xdfff ? '' : String.fromCodePoint(code);
};

/** XML text with its entities and character references resolved. */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return safeCodePoint(parseInt(name.slice(2), 16), match);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), match);
    return ENTITIES[name] ?? match;
  });
}

/** Text as an attribute value in double quotes. */
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const baseName = (part: string) => part.slice(part.lastIndexOf('/') + 1);
const extensionOf = (part: string) => {
  const name = baseName(part);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
};

/**
 * The part a relationship of the `.rels` part `relsPart` points at (`Target` as written, entities
 * and percent-escapes resolved), or null for an external target or none.
 */
export function relationshipTarget(
  relsPart: string,
  target: string | undefined,
  targetMode: string | undefined,
): string | null {
  if (targetMode === 'External' || !target) return null;
  let name = unescapeXml(target);
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded after all: the name as written.
  }
  // `dir/_rels/name.rels` describes `dir/name`: its targets are relative to `dir/`.
  const base = relsPart.replace(/(^|\/)_rels\/[^/]*$/, '$1');
  const segments: string[] = [];
  for (const segment of (name.startsWith('/') ? name.slice(1) : base + name).split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

/**
 * A `.rels` part whose relationships to moved parts (old name → new name, as in the zip) point at
 * the new names: the target's folder as written, the new base name. Null when none points at a
 * moved part (the part is then copied as it is). Throws XmlError for a part that is no XML.
 */
export function retargetRelationships(
  xml: string,
  relsPart: string,
  moves: ReadonlyMap<string, string>,
): string | null {
  const tree = parseXml(xml);
  let changed = false;
  for (const node of rootChildren(tree, 'Relationships')?.children ?? []) {
    const tag = tagOf(node);
    const attributes = node[':@'];
    if (tag === undefined || localName(tag) !== 'Relationship' || !attributes) continue;
    const target = relationshipTarget(relsPart, attributes.Target, attributes.TargetMode);
    const moved = target === null ? undefined : moves.get(target);
    if (moved === undefined) continue;
    const written = attributes.Target ?? '';
    // A `%` in the new name is itself; the target is read percent-decoded.
    const name = baseName(moved).replace(/%/g, '%25');
    attributes.Target = written.slice(0, written.lastIndexOf('/') + 1) + escapeXml(name);
    changed = true;
  }
  return changed ? buildXml(tree) : null;
}

/**
 * `[Content_Types].xml` with a `Default` for every extension of `extensions` it lacks (content type
 * by extension), and the `Override`s of moved parts following them, with the content type of their
 * new extension. Defaults and overrides may come in any order (OPC): new ones go last. Null when
 * nothing changes. Throws XmlError for a part that is no XML.
 */
export function contentTypesWith(
  xml: string,
  extensions: ReadonlyMap<string, string>,
  moves: ReadonlyMap<string, string>,
): string | null {
  const tree = parseXml(xml);
  const types = rootChildren(tree, 'Types');
  if (!types) return null;
  const have = new Set<string>();
  let changed = false;
  for (const node of types.children) {
    const tag = tagOf(node);
    const attributes = node[':@'];
    if (tag === undefined || !attributes) continue;
    if (localName(tag) === 'Default') have.add((attributes.Extension ?? '').toLowerCase());
    if (localName(tag) !== 'Override' || attributes.PartName === undefined) continue;
    const moved = moves.get(unescapeXml(attributes.PartName).replace(/^\//, ''));
    if (moved === undefined) continue;
    attributes.PartName = escapeXml(`/${moved}`);
    attributes.ContentType = extensions.get(extensionOf(moved)) ?? 'application/octet-stream';
    changed = true;
  }
  // New defaults are in the root's namespace, with its prefix if it has one.
  const prefix = types.tag.slice(0, types.tag.indexOf(':') + 1);
  for (const [ext, type] of extensions) {
    if (have.has(ext)) continue;
    types.children.push({
      [`${prefix}Default`]: [],
      ':@': { Extension: escapeXml(ext), ContentType: escapeXml(type) },
    });
    changed = true;
  }
  return changed ? buildXml(tree) : null;
}
