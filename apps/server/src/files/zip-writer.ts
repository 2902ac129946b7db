/**
 * A small zip writer (stored or deflated entries, UTF-8 names, no zip64): the demo decks and the
 * tests' fixtures are written with it, and so are the themed variants of exercises' decks.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a zip archive; `stored` keeps it uncompressed. */
export interface ZipFile {
  name: string;
  content: Buffer;
  stored?: boolean;
}

/** A file already compressed: its raw deflate bytes, its unpacked size and CRC. */
export interface PackedFile {
  name: string;
  method: 0 | 8;
  data: Buffer;
  size: number;
  crc: number;
}

export const pack = ({ name, content, stored }: ZipFile): PackedFile => ({
  name,
  method: stored ? 0 : 8,
  data: stored ? content : deflateRawSync(content),
  size: content.length,
  crc: crc32(content),
});

/** A zip archive of packed files: local headers and data, then the central directory. */
export function writeZip(files: readonly PackedFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(file.method, 8);
    local.writeUInt32LE(file.crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(file.method, 10);
    central.writeUInt32LE(file.crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip archive of the files, deflated unless marked stored. */
export const zipArchive = (files: readonly ZipFile[]): Buffer => writeZip(files.map(pack));
