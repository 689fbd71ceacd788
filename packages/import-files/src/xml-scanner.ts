import { fileMessages } from './messages.js';
import { ImportFileError } from './raw-rows.js';

export interface XmlHandler {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Character data as written (entities not yet decoded), or CDATA content (`cdata` true). */
  text(raw: string, cdata: boolean): void;
}

const LT = 60;
const maxPendingChars = 4 * 1024 * 1024;
const GT = 62;

/** Drops a namespace prefix: `x:row` is a `row` for our purposes. */
function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

/**
 * A small streaming XML tokenizer for the parts of a workbook we read. It refuses any DOCTYPE or
 * ENTITY declaration outright (the XML-entity guard: Excel never writes one), skips comments and
 * processing instructions, and leaves entity decoding to the caller, who decodes only what it keeps.
 */
export class XmlScanner {
  private carry = '';

  constructor(private readonly handler: XmlHandler) {}

  feed(chunk: string): void {
    // No tag, comment or CDATA section of a real workbook comes near this: a hostile part could
    // otherwise make us hold and re-scan an ever-growing unfinished tag.
    if (this.carry.length > maxPendingChars) throw new ImportFileError(fileMessages.zipDamaged);
    const s = this.carry.length > 0 ? this.carry + chunk : chunk;
    this.carry = '';
    const n = s.length;
    const h = this.handler;
    let p = 0;
    while (p < n) {
      const lt = s.indexOf('<', p);
      if (lt < 0) {
        h.text(s.slice(p), false);
        return;
      }
      if (lt > p) h.text(s.slice(p, lt), false);
      const next = s.charCodeAt(lt + 1);
      if (next === 33) {
        // <!
        if (n - lt < 9) {
          this.carry = s.slice(lt);
          return;
        }
        if (s.startsWith('<!--', lt)) {
          const end = s.indexOf('-->', lt + 4);
          if (end < 0) {
            this.carry = s.slice(lt);
            return;
          }
          p = end + 3;
          continue;
        }
        if (s.startsWith('<![CDATA[', lt)) {
          const end = s.indexOf(']]>', lt + 9);
          if (end < 0) {
            this.carry = s.slice(lt);
            return;
          }
          h.text(s.slice(lt + 9, end), true);
          p = end + 3;
          continue;
        }
        throw new ImportFileError(fileMessages.xmlEntities);
      }
      if (next === 63) {
        // <?
        const end = s.indexOf('?>', lt + 2);
        if (end < 0) {
          this.carry = s.slice(lt);
          return;
        }
        p = end + 2;
        continue;
      }
      // A tag: find its '>' outside quoted attribute values.
      let quote = 0;
      let gt = -1;
      for (let i = lt + 1; i < n; i++) {
        const c = s.charCodeAt(i);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 34 || c === 39) {
          quote = c;
        } else if (c === GT) {
          gt = i;
          break;
        } else if (c === LT) {
          throw new ImportFileError(fileMessages.zipDamaged);
        }
      }
      if (gt < 0) {
        this.carry = s.slice(lt);
        return;
      }
      if (next === 47) {
        // </name>
        h.close(localName(s.slice(lt + 2, gt).trim()));
      } else {
        const selfClosing = s.charCodeAt(gt - 1) === 47;
        const bodyEnd = selfClosing ? gt - 1 : gt;
        let nameEnd = lt + 1;
        while (nameEnd < bodyEnd) {
          const c = s.charCodeAt(nameEnd);
          if (c === 32 || c === 9 || c === 10 || c === 13) break;
          nameEnd++;
        }
        h.open(
          localName(s.slice(lt + 1, nameEnd)),
          nameEnd < bodyEnd ? s.slice(nameEnd, bodyEnd) : '',
          selfClosing,
        );
      }
      p = gt + 1;
    }
  }

  /** The document is complete: anything still held is a truncated tag. */
  end(): void {
    if (this.carry.trim().length > 0) throw new ImportFileError(fileMessages.zipDamaged);
  }
}

const entity = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(raw: string): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(entity, (_, ref: string) => {
    if (ref.charCodeAt(0) !== 35) return named[ref]!;
    const code = ref.charCodeAt(1) === 120 ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/** OOXML escapes characters XML cannot hold as `_xHHHH_` (ECMA-376 ST_Xstring). */
export function decodeOoxmlEscapes(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** An attribute's decoded value, or undefined. */
export function attribute(attributes: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = attributes.indexOf(name, from);
    if (at < 0) return undefined;
    from = at + 1;
    const before = at === 0 ? 32 : attributes.charCodeAt(at - 1);
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13) continue;
    let p = at + name.length;
    while (attributes.charCodeAt(p) === 32) p++;
    if (attributes.charCodeAt(p) !== 61) continue;
    p++;
    while (attributes.charCodeAt(p) === 32) p++;
    const quote = attributes[p];
    if (quote !== '"' && quote !== "'") return undefined;
    const end = attributes.indexOf(quote, p + 1);
    if (end < 0) return undefined;
    return decodeEntities(attributes.slice(p + 1, end));
  }
}
