// Compound File Binary (OLE) containers: legacy .xls, .doc, .ppt, and password-protected OOXML files,
// which Office wraps in a CFB holding an "EncryptedPackage" stream ([MS-OFFCRYPTO] 2.3.4).

const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const endOfChain = 0xfffffffe;

export function isCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && signature.every((b, i) => bytes[i] === b);
}

/**
 * The names in a compound file's directory ([MS-CFB] 2.2, 2.6). Reads only the FAT and the directory
 * chain, with every chain bounded, so a hostile file cannot loop or run off the end.
 */
export function compoundFileNames(bytes: Uint8Array): string[] {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = dv.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return [];
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor((bytes.length - 512) / sectorSize) + 1;
  const sectorOffset = (id: number) => (id + 1) * sectorSize;
  const perSector = sectorSize / 4;

  // The FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(dv.getUint32(0x4c + i * 4, true));
  let difat = dv.getUint32(0x44, true);
  for (let hops = 0; difat < sectorCount && hops < sectorCount; hops++) {
    const at = sectorOffset(difat);
    if (at + sectorSize > bytes.length) break;
    for (let i = 0; i < perSector - 1; i++) fatSectors.push(dv.getUint32(at + i * 4, true));
    difat = dv.getUint32(at + sectorSize - 4, true);
  }
  const next = (id: number): number => {
    const fatIndex = Math.floor(id / perSector);
    const fatSector = fatSectors[fatIndex];
    if (fatSector === undefined || fatSector >= sectorCount) return endOfChain;
    const at = sectorOffset(fatSector) + (id % perSector) * 4;
    return at + 4 <= bytes.length ? dv.getUint32(at, true) : endOfChain;
  };

  const names: string[] = [];
  const visited = new Set<number>();
  let sector = dv.getUint32(0x30, true);
  while (sector < sectorCount && !visited.has(sector)) {
    visited.add(sector);
    const at = sectorOffset(sector);
    for (let entry = at; entry + 128 <= Math.min(at + sectorSize, bytes.length); entry += 128) {
      const nameBytes = dv.getUint16(entry + 0x40, true);
      const type = bytes[entry + 0x42];
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      let name = '';
      for (let i = 0; i < nameBytes - 2; i += 2) name += String.fromCharCode(dv.getUint16(entry + i, true));
      names.push(name);
    }
    sector = next(sector);
  }
  return names;
}
