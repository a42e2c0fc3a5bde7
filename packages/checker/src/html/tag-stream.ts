import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What a TagStream reports; like htmlparser2's Handler, minus everything a donor page does not need. */
export interface TagHandler {
  /** `attribs` is null unless the tag is one of the stream's `attributesOf` names. */
  onopentag(name: string, attribs: Record<string, string> | null): void;
  onclosetag(name: string): void;
  ontext(text: string): void;
  /** Asked before each text run is cut out of the page: text nobody reads is never copied. */
  wantsText(): boolean;
}

const VOID_ELEMENTS = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);
// Open elements whose content is HTML again inside <svg> or <math> (what htmlparser2's Parser tracks).
const HTML_INTEGRATION_ELEMENTS = new Set(
  'mi mo mn ms mtext annotation-xml foreignobject desc title'.split(' '),
);
const FOREIGN_ELEMENTS = new Set(['svg', 'math']);
const { fromCodePoint } = String;

/** U+0000 becomes U+FFFD, as the HTML tokenizer does; PostgreSQL text cannot hold it either. */
function withoutNul(value: string): string {
  return value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
}

/**
 * htmlparser2's Tokenizer with a lean tree layer of our own, in place of its Parser. A donor page
 * is mostly markup we do not read: the Parser cuts out and lower-cases every attribute, builds an
 * object per tag and decodes every entity (which also keeps the tokenizer off its fast path for
 * text): together most of the parse time. Here attributes are read only for the tags the handler
 * names, entities are decoded only in the text and attribute values that are used, and text
 * nobody wants is never copied.
 *
 * Tree rules kept from the Parser (they decide where an unclosed link ends): void elements close
 * at once, a closing tag closes every element opened after its match, a new <a> closes an open
 * one, `</p>` and `</br>` without an opening tag count as `<p></p>` and `<br>`, the document's end
 * closes everything, and <svg>/<math> switch the tokenizer to foreign content.
 */
export class TagStream implements TokenizerCallbacks {
  readonly #handler: TagHandler;
  readonly #attributesOf: ReadonlySet<string>;
  readonly #tokenizer: Tokenizer;
  // Chunks still referenced by the tokenizer's indexes; #bufferOffset is the index of the first.
  readonly #buffers: string[] = [];
  #bufferOffset = 0;
  readonly #open: string[] = [];
  /** Innermost last: true for foreign content (svg, math), false for HTML inside it. */
  readonly #foreign: boolean[] = [false];
  #tagName = '';
  #attribs: Record<string, string> | null = null;
  #attribName = '';
  #attribValue = '';
  // A text run can arrive in pieces (chunk boundaries); it is decoded whole, so an entity split
  // across two chunks still decodes.
  #text = '';
  #textHasEntity = false;

  constructor(handler: TagHandler, { attributesOf }: { attributesOf: ReadonlySet<string> }) {
    this.#handler = handler;
    this.#attributesOf = attributesOf;
    this.#tokenizer = new Tokenizer({ decodeEntities: false, xmlMode: false }, this);
  }

  write(chunk: string): void {
    if (chunk === '') return;
    this.#buffers.push(chunk);
    this.#tokenizer.write(chunk);
  }

  end(): void {
    this.#tokenizer.end();
  }

  isInForeignContext(): boolean {
    return this.#foreign[this.#foreign.length - 1];
  }

  ontext(start: number, endIndex: number): void {
    if (!this.#handler.wantsText()) return;
    const piece = this.#slice(start, endIndex);
    this.#text += piece;
    if (!this.#textHasEntity && piece.includes('&')) this.#textHasEntity = true;
  }

  ontextentity(codePoint: number): void {
    // Only sent when the tokenizer decodes entities itself, which this stream turns off.
    if (this.#handler.wantsText()) this.#text += fromCodePoint(codePoint);
  }

  oncdata(start: number, endIndex: number, endOffset: number): void {
    this.#flushText();
    // CDATA is text in SVG and MathML, a comment in HTML (as in the Parser).
    if (this.isInForeignContext() && this.#handler.wantsText()) {
      this.#handler.ontext(this.#slice(start, endIndex - endOffset));
    }
  }

  oncomment(): void {
    this.#flushText();
  }

  ondeclaration(): void {
    this.#flushText();
  }

  onprocessinginstruction(): void {
    this.#flushText();
  }

  onopentagname(start: number, endIndex: number): void {
    this.#flushText();
    let name = this.#slice(start, endIndex).toLowerCase();
    if (name === 'image' && !this.isInForeignContext()) name = 'img';
    if (name === 'a' && this.#open[this.#open.length - 1] === 'a') this.#popElement();
    this.#tagName = name;
    this.#attribs = this.#attributesOf.has(name) ? {} : null;
    if (VOID_ELEMENTS.has(name)) return;
    this.#open.push(name);
    if (FOREIGN_ELEMENTS.has(name)) this.#foreign.push(true);
    else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.#foreign.push(false);
  }

  onattribname(start: number, endIndex: number): void {
    if (this.#attribs) this.#attribName = this.#slice(start, endIndex).toLowerCase();
  }

  onattribdata(start: number, endIndex: number): void {
    if (this.#attribs) this.#attribValue += this.#slice(start, endIndex);
  }

  onattribentity(codePoint: number): void {
    if (this.#attribs) this.#attribValue += fromCodePoint(codePoint);
  }

  onattribend(): void {
    const attribs = this.#attribs;
    if (!attribs) return;
    // The first of repeated attributes wins, as in browsers.
    if (!Object.hasOwn(attribs, this.#attribName)) {
      const raw = this.#attribValue;
      attribs[this.#attribName] = withoutNul(raw.includes('&') ? decodeHTMLAttribute(raw) : raw);
    }
    this.#attribValue = '';
  }

  onopentagend(): void {
    const name = this.#tagName;
    this.#handler.onopentag(name, this.#attribs);
    this.#attribs = null;
    if (VOID_ELEMENTS.has(name)) this.#handler.onclosetag(name);
  }

  onselfclosingtag(): void {
    const name = this.#tagName;
    // `<x/>` closes itself only in foreign content; in HTML the slash means nothing.
    const closesItself = this.isInForeignContext();
    this.onopentagend();
    if (closesItself && this.#open[this.#open.length - 1] === name) this.#popElement();
  }

  onclosetag(start: number, endIndex: number): void {
    this.#flushText();
    const name = this.#slice(start, endIndex).toLowerCase();
    if (VOID_ELEMENTS.has(name)) {
      if (name === 'br') this.#emitEmpty('br');
      return;
    }
    const at = this.#open.lastIndexOf(name);
    if (at !== -1) {
      while (this.#open.length > at) this.#popElement();
    } else if (name === 'p') {
      this.#emitEmpty('p');
    }
  }

  onend(): void {
    this.#flushText();
    while (this.#open.length > 0) this.#popElement();
  }

  #emitEmpty(name: string): void {
    this.#handler.onopentag(name, this.#attributesOf.has(name) ? {} : null);
    this.#handler.onclosetag(name);
  }

  #popElement(): void {
    const name = this.#open.pop() as string;
    if (FOREIGN_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) this.#foreign.pop();
    this.#handler.onclosetag(name);
  }

  #flushText(): void {
    if (this.#text === '') return;
    const text = withoutNul(this.#textHasEntity ? decodeHTML(this.#text) : this.#text);
    this.#text = '';
    this.#textHasEntity = false;
    this.#handler.ontext(text);
  }

  /** Cuts [start, end) out of the written chunks, dropping chunks the tokenizer is done with. */
  #slice(start: number, end: number): string {
    if (start === end) return '';
    while (start - this.#bufferOffset >= this.#buffers[0].length) this.#dropFirstBuffer();
    let slice = this.#buffers[0].slice(start - this.#bufferOffset, end - this.#bufferOffset);
    while (end - this.#bufferOffset > this.#buffers[0].length) {
      this.#dropFirstBuffer();
      slice += this.#buffers[0].slice(0, end - this.#bufferOffset);
    }
    return slice;
  }

  #dropFirstBuffer(): void {
    this.#bufferOffset += (this.#buffers.shift() as string).length;
  }
}
