import { describe, expect, it } from 'vitest';
import { contentTypesWith, relationshipTarget, retargetRelationships, XmlError } from './opc.ts';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const moves = new Map([['ppt/media/image2.jpeg', 'ppt/media/image2.png']]);

describe('relationshipTarget', () => {
  it('resolves a target against the folder the .rels part describes', () => {
    expect(relationshipTarget('ppt/slides/_rels/slide1.xml.rels', '../media/a.png', undefined)).toBe(
      'ppt/media/a.png',
    );
    expect(relationshipTarget('ppt/_rels/presentation.xml.rels', 'slides/slide1.xml', undefined)).toBe(
      'ppt/slides/slide1.xml',
    );
    expect(relationshipTarget('_rels/.rels', '/ppt/presentation.xml', undefined)).toBe(
      'ppt/presentation.xml',
    );
  });

  it('reads entities and percent-escapes, and knows an external target as none', () => {
    expect(relationshipTarget('ppt/slides/_rels/s.xml.rels', '../media/a%20&amp;%20b.png', undefined)).toBe(
      'ppt/media/a & b.png',
    );
    expect(relationshipTarget('ppt/slides/_rels/s.xml.rels', 'https://example.org/', 'External')).toBeNull();
    expect(relationshipTarget('ppt/slides/_rels/s.xml.rels', undefined, undefined)).toBeNull();
  });
});

describe('retargetRelationships', () => {
  const rels = (body: string) => `${DECLARATION}\n<Relationships xmlns="${RELS}">${body}</Relationships>`;

  it('points relationships at a moved part, keeping the rest as written', () => {
    const xml = rels(
      '<Relationship Id="rId1" Type="t/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>' +
        '<Relationship Id="rId2" Type="t/image" Target="../media/image2.jpeg"/>' +
        '<Relationship Id="rId3" Type="t/hyperlink" Target="https://e.org/?a=1&amp;b=&#x32;" TargetMode="External"/>',
    );
    expect(retargetRelationships(xml, 'ppt/slides/_rels/slide1.xml.rels', moves)).toBe(
      rels(
        '<Relationship Id="rId1" Type="t/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>' +
          '<Relationship Id="rId2" Type="t/image" Target="../media/image2.png"/>' +
          '<Relationship Id="rId3" Type="t/hyperlink" Target="https://e.org/?a=1&amp;b=&#x32;" TargetMode="External"/>',
      ).replace('?>\n', '?>'),
    );
  });

  it('finds targets however they are written: a prefix, single quotes, an absolute or escaped path', () => {
    const xml =
      `<r:Relationships xmlns:r="${RELS}">` +
      `<r:Relationship Id="rId1" Target='../media/image2.jpeg'/>` +
      `<r:Relationship Id="rId2" Target="/ppt/media/image2.jpeg"/>` +
      `<r:Relationship Id="rId3" Target="../media/image%32.jp&#x65;g"/>` +
      `</r:Relationships>`;
    const edited = retargetRelationships(xml, 'ppt/slides/_rels/slide1.xml.rels', moves) ?? '';
    expect(edited.match(/Target="[^"]*"/g)).toEqual([
      'Target="../media/image2.png"',
      'Target="/ppt/media/image2.png"',
      'Target="../media/image2.png"',
    ]);
  });

  it('escapes a new name for XML and for the percent-decoding reader', () => {
    const odd = new Map([['ppt/media/a&b.jpeg', 'ppt/media/a&b 100%.png']]);
    const edited = retargetRelationships(
      rels('<Relationship Id="rId1" Target="../media/a&amp;b.jpeg"/>'),
      'ppt/slides/_rels/slide1.xml.rels',
      odd,
    );
    expect(edited).toContain('Target="../media/a&amp;b 100%25.png"');
    const target = /Target="([^"]*)"/.exec(edited ?? '')?.[1];
    expect(relationshipTarget('ppt/slides/_rels/slide1.xml.rels', target, undefined)).toBe(
      'ppt/media/a&b 100%.png',
    );
  });

  it('answers null when nothing points at a moved part, and XmlError for what is no XML', () => {
    const xml = rels('<Relationship Id="rId1" Target="../media/image1.png"/>');
    expect(retargetRelationships(xml, 'ppt/slides/_rels/slide1.xml.rels', moves)).toBeNull();
    expect(() =>
      retargetRelationships('<Relationships><Relationship constructor="x"/>', 'a/_rels/b.rels', moves),
    ).toThrow(XmlError);
  });

  it('never expands a DOCTYPE’s entities', () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<Relationships><Relationship Id="&b;" Target="../media/image2.jpeg"/></Relationships>';
    const edited = retargetRelationships(xml, 'ppt/slides/_rels/slide1.xml.rels', moves) ?? '';
    expect(edited).toContain('Id="&b;"');
    expect(edited).not.toContain('aaaaaaaaaa');
  });
});

describe('contentTypesWith', () => {
  const TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';

  it('adds a default for a new extension and moves the override of a renamed part', () => {
    const xml =
      `${DECLARATION}<Types xmlns="${TYPES}"><Default Extension="xml" ContentType="application/xml"/>` +
      `<Default Extension="JPEG" ContentType="image/jpeg"/>` +
      `<Override PartName="/ppt/media/image2.jpeg" ContentType="image/jpeg"/></Types>`;
    const edited = contentTypesWith(xml, new Map([['png', 'image/png']]), moves);
    expect(edited).toBe(
      `${DECLARATION}<Types xmlns="${TYPES}"><Default Extension="xml" ContentType="application/xml"/>` +
        `<Default Extension="JPEG" ContentType="image/jpeg"/>` +
        `<Override PartName="/ppt/media/image2.png" ContentType="image/png"/>` +
        `<Default Extension="png" ContentType="image/png"/></Types>`,
    );
  });

  it('adds nothing it has (in any case), and gives a prefixed root prefixed defaults', () => {
    const have = `<Types><Default Extension="PNG" ContentType="image/png"/></Types>`;
    expect(contentTypesWith(have, new Map([['png', 'image/png']]), new Map())).toBeNull();
    const prefixed = `<ct:Types xmlns:ct="${TYPES}"></ct:Types>`;
    expect(contentTypesWith(prefixed, new Map([['png', 'image/png']]), new Map())).toBe(
      `<ct:Types xmlns:ct="${TYPES}"><ct:Default Extension="png" ContentType="image/png"/></ct:Types>`,
    );
  });
});
