/**
 * A minimal Compound File Binary container (version 3, 512-byte sectors) whose streams are all at
 * least 4,096 bytes, so no mini stream is needed. Enough to stand in for a password-protected OOXML
 * workbook ([MS-OFFCRYPTO]: a CFB with EncryptionInfo and EncryptedPackage streams).
 */
export function writeCompoundFile(streams: { name: string; data: Uint8Array }[]): Buffer {
  const sector = 512;
  const padded = streams.map((s) => {
    const size = Math.max(4096, Math.ceil(s.data.length / sector) * sector);
    const data = Buffer.alloc(size);
    Buffer.from(s.data).copy(data);
    return { name: s.name, data, size: Math.max(s.data.length, 4096) };
  });
  // Sector 0: FAT, sector 1: directory, then the streams.
  const fat: number[] = [0xfffffffd, 0xfffffffe];
  const starts: number[] = [];
  for (const s of padded) {
    const count = s.data.length / sector;
    starts.push(fat.length);
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? 0xfffffffe : fat.length + 1);
  }
  if (fat.length > sector / 4) throw new Error('too many sectors for one FAT sector');
  while (fat.length < sector / 4) fat.push(0xffffffff);

  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);

  const fatSector = Buffer.alloc(sector);
  fat.forEach((v, i) => fatSector.writeUInt32LE(v, i * 4));

  const directory = Buffer.alloc(sector);
  const entry = (
    index: number,
    name: string,
    type: number,
    start: number,
    size: number,
    child: number,
    right: number,
  ) => {
    const at = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(directory, at);
    directory.writeUInt16LE(encoded.length, at + 0x40);
    directory[at + 0x42] = type;
    directory[at + 0x43] = 1;
    directory.writeUInt32LE(0xffffffff, at + 0x44);
    directory.writeUInt32LE(right, at + 0x48);
    directory.writeUInt32LE(child, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, 'Root Entry', 5, 0xfffffffe, 0, 1, 0xffffffff);
  padded.forEach((s, i) =>
    entry(i + 1, s.name, 2, starts[i]!, s.size, 0xffffffff, i + 2 <= padded.length ? i + 2 : 0xffffffff),
  );
  return Buffer.concat([header, fatSector, directory, ...padded.map((s) => s.data)]);
}
