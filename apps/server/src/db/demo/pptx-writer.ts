/**
 * Writes real, minimal .pptx decks: the demo school's exercises get them in the seed, and the tests
 * build their fixtures with them. The parts LibreOffice and PowerPoint need to open a deck: one slide
 * per list of paragraphs, with pictures and sounds placed on the slides that show or play them.
 */
import { MEDIA_TYPES } from '../../files/pptx-deck.ts';
import { zipArchive, type ZipFile } from '../../files/zip-archive.ts';

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);

const NS_P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.presentationml';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const rels = (items: readonly { id: string; type: string; target: string }[]) =>
  xml(
    `<Relationships xmlns="${PKG_REL}">${items
      .map((r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${r.target}"/>`)
      .join('')}</Relationships>`,
  );

const emptyTree = `<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>`;

/** A picture or a sound of a demo or test deck, kept as `ppt/media/<name>`. */
export interface DeckMedia {
  /** Its name under `ppt/media/` (`image1.png`); the extension says its format. */
  name: string;
  content: Buffer;
  /** The slides (1-based) that show or play it. */
  slides: readonly number[];
  /** Where it sits on the slide, in EMU; the whole slide when left out. */
  frame?: { x: number; y: number; cx: number; cy: number };
  /** A sound's icon: the name of a picture of the deck. */
  poster?: string;
}

const SLIDE_FRAME = { x: 0, y: 0, cx: 9144000, cy: 6858000 };
const P14 = 'http://schemas.microsoft.com/office/powerpoint/2010/main';

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
const isSound = (media: DeckMedia) => MEDIA_TYPES.get(extensionOf(media.name))?.startsWith('audio/') ?? false;

interface Relationship {
  id: string;
  type: string;
  target: string;
}

const pictureXml = (
  id: number,
  name: string,
  embed: string,
  frame: DeckMedia['frame'],
  nvPr = '<p:nvPr/>',
) => {
  const { x, y, cx, cy } = frame ?? SLIDE_FRAME;
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="${escape(name)}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr>${nvPr}</p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="${embed}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
  );
};

/**
 * The pictures and sounds of one slide, drawn first (behind the text), and the relationships they
 * need: a picture is an `image`; a sound is an `audio` link and a `media` embed (as PowerPoint 2010
 * writes them) shown as its poster picture.
 */
function mediaShapes(media: readonly DeckMedia[], slide: number): { shapes: string; rels: Relationship[] } {
  const links: Relationship[] = [];
  const relTo = (type: string, name: string) => {
    const id = `rId${links.length + 2}`;
    links.push({ id, type, target: `../media/${name}` });
    return id;
  };
  const shapes = media
    .filter((item) => item.slides.includes(slide))
    .map((item, index) => {
      const id = 100 + index;
      if (!isSound(item)) return pictureXml(id, item.name, relTo(`${REL}/image`, item.name), item.frame);
      if (!item.poster) throw new Error(`sound ${item.name} needs a poster picture`);
      const embed = relTo('http://schemas.microsoft.com/office/2007/relationships/media', item.name);
      const link = relTo(`${REL}/audio`, item.name);
      const poster = relTo(`${REL}/image`, item.poster);
      const nvPr =
        `<p:nvPr><a:audioFile r:link="${link}"/><p:extLst><p:ext uri="{DAA4B4D4-6D71-4841-9C94-3DA1FCD7C3B5}">` +
        `<p14:media xmlns:p14="${P14}" r:embed="${embed}"/></p:ext></p:extLst></p:nvPr>`;
      return pictureXml(id, item.name, poster, item.frame, nvPr);
    })
    .join('');
  return { shapes, rels: links };
}

/** A slide with its pictures and sounds, then one text box per paragraph. */
function slideXml(paragraphs: readonly string[], media = ''): Buffer {
  const shapes = paragraphs
    .map(
      (text, index) =>
        `<p:sp><p:nvSpPr><p:cNvPr id="${index + 2}" name="Text ${index + 1}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
        `<p:spPr><a:xfrm><a:off x="457200" y="${457200 + index * 914400}"/><a:ext cx="8229600" cy="914400"/></a:xfrm>` +
        `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>` +
        `<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="2800"/><a:t>${escape(text)}</a:t></a:r></a:p></p:txBody></p:sp>`,
    )
    .join('');
  return xml(
    `<p:sld xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}"><p:cSld><p:spTree>${emptyTree}${media}${shapes}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`,
  );
}

const THEME = xml(
  `<a:theme xmlns:a="${NS_A}" name="Test"><a:themeElements>` +
    `<a:clrScheme name="Test"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1>` +
    `<a:dk2><a:srgbClr val="1F497D"/></a:dk2><a:lt2><a:srgbClr val="EEECE1"/></a:lt2>` +
    `<a:accent1><a:srgbClr val="4F81BD"/></a:accent1><a:accent2><a:srgbClr val="C0504D"/></a:accent2>` +
    `<a:accent3><a:srgbClr val="9BBB59"/></a:accent3><a:accent4><a:srgbClr val="8064A2"/></a:accent4>` +
    `<a:accent5><a:srgbClr val="4BACC6"/></a:accent5><a:accent6><a:srgbClr val="F79646"/></a:accent6>` +
    `<a:hlink><a:srgbClr val="0000FF"/></a:hlink><a:folHlink><a:srgbClr val="800080"/></a:folHlink></a:clrScheme>` +
    `<a:fontScheme name="Test"><a:majorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>` +
    `<a:minorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>` +
    `<a:fmtScheme name="Test"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst>` +
    `<a:lnStyleLst><a:ln w="9525"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="25400"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="38100"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst>` +
    `<a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst>` +
    `<a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme>` +
    `</a:themeElements></a:theme>`,
);

const MASTER = xml(
  `<p:sldMaster xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}"><p:cSld><p:spTree>${emptyTree}</p:spTree></p:cSld>` +
    `<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>` +
    `<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
);

const LAYOUT = xml(
  `<p:sldLayout xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}" type="blank"><p:cSld name="Blank"><p:spTree>${emptyTree}</p:spTree></p:cSld>` +
    `<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`,
);

/** A tiny (10×8) real JPEG, made with pdftoppm: a deck's embedded thumbnail. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcp' +
    'LDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy' +
    'MjIyMjIyMjIyMjIyMjL/wAARCAAIAAoDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAA' +
    'AgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6' +
    'Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG' +
    'x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREA' +
    'AgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5' +
    'OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPE' +
    'xcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD34Kq9ABn0FLRRQB//2Q==',
  'base64',
);

export interface DeckOptions {
  /** Include `docProps/thumbnail.jpeg` (default true). */
  thumbnail?: boolean;
  /** Pictures and sounds, with the slides they are on. */
  media?: readonly DeckMedia[];
}

/** The parts of a minimal deck LibreOffice and PowerPoint open: one slide per entry of `slides`. */
export function deckFiles(slides: readonly (readonly string[])[], options: DeckOptions = {}): ZipFile[] {
  const withThumbnail = options.thumbnail ?? true;
  const media = options.media ?? [];
  const extensions = [...new Set(media.map((item) => extensionOf(item.name)))].filter(
    (ext) => ext !== 'jpeg',
  );
  const slideIds = slides.map((_, index) => `<p:sldId id="${256 + index}" r:id="rId${index + 3}"/>`).join('');
  return [
    {
      name: '[Content_Types].xml',
      content: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Default Extension="jpeg" ContentType="image/jpeg"/>` +
          extensions
            .map(
              (ext) =>
                `<Default Extension="${ext}" ContentType="${MEDIA_TYPES.get(ext) ?? 'application/octet-stream'}"/>`,
            )
            .join('') +
          `<Override PartName="/ppt/presentation.xml" ContentType="${CT}.presentation.main+xml"/>` +
          `<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="${CT}.slideMaster+xml"/>` +
          `<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="${CT}.slideLayout+xml"/>` +
          `<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>` +
          slides
            .map(
              (_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="${CT}.slide+xml"/>`,
            )
            .join('') +
          `</Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      content: rels([
        { id: 'rId1', type: `${REL}/officeDocument`, target: 'ppt/presentation.xml' },
        ...(withThumbnail
          ? [
              {
                id: 'rId2',
                type: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail',
                target: 'docProps/thumbnail.jpeg',
              },
            ]
          : []),
      ]),
    },
    {
      name: 'ppt/presentation.xml',
      content: xml(
        `<p:presentation xmlns:a="${NS_A}" xmlns:r="${NS_R}" xmlns:p="${NS_P}">` +
          `<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>` +
          `<p:sldIdLst>${slideIds}</p:sldIdLst>` +
          `<p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
      ),
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      content: rels([
        { id: 'rId1', type: `${REL}/slideMaster`, target: 'slideMasters/slideMaster1.xml' },
        { id: 'rId2', type: `${REL}/theme`, target: 'theme/theme1.xml' },
        ...slides.map((_, i) => ({
          id: `rId${i + 3}`,
          type: `${REL}/slide`,
          target: `slides/slide${i + 1}.xml`,
        })),
      ]),
    },
    { name: 'ppt/slideMasters/slideMaster1.xml', content: MASTER },
    {
      name: 'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      content: rels([
        { id: 'rId1', type: `${REL}/slideLayout`, target: '../slideLayouts/slideLayout1.xml' },
        { id: 'rId2', type: `${REL}/theme`, target: '../theme/theme1.xml' },
      ]),
    },
    { name: 'ppt/slideLayouts/slideLayout1.xml', content: LAYOUT },
    {
      name: 'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
      content: rels([{ id: 'rId1', type: `${REL}/slideMaster`, target: '../slideMasters/slideMaster1.xml' }]),
    },
    { name: 'ppt/theme/theme1.xml', content: THEME },
    ...slides.flatMap((paragraphs, i) => {
      const onSlide = mediaShapes(media, i + 1);
      return [
        { name: `ppt/slides/slide${i + 1}.xml`, content: slideXml(paragraphs, onSlide.shapes) },
        {
          name: `ppt/slides/_rels/slide${i + 1}.xml.rels`,
          content: rels([
            { id: 'rId1', type: `${REL}/slideLayout`, target: '../slideLayouts/slideLayout1.xml' },
            ...onSlide.rels,
          ]),
        },
      ];
    }),
    // Pictures and sounds are compressed already: stored, as Office keeps them.
    ...media.map((item) => ({ name: `ppt/media/${item.name}`, content: item.content, stored: true })),
    ...(withThumbnail ? [{ name: 'docProps/thumbnail.jpeg', content: TINY_JPEG, stored: true }] : []),
  ];
}

/** A real minimal .pptx: one slide per entry of `slides`, each paragraph a text box. */
export const pptxDeck = (slides: readonly (readonly string[])[], options: DeckOptions = {}): Buffer =>
  zipArchive(deckFiles(slides, options));
