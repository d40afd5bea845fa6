import { isAscii, isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import iconv from "iconv-lite";
import { FatalInputError } from "../problems.js";
import { completeLength, countLines, firstInvalid, lineAround } from "./utf8-bytes.js";

/** How a reader takes the text of a file that is not plain UTF-8. */
export interface TextOptions {
  /**
   * `--encoding`: how to read a file, or the part of it, that is not UTF-8 (a WHATWG label: `windows-1252`,
   * `latin1`, `utf-16le`, …). A byte-order mark always wins; a file that is valid UTF-8 is read as UTF-8.
   */
  encoding?: string;
  /** Reports a decision about how a file is read — its encoding, its delimiter — (a notice), at the line it concerns (0: the whole file). */
  notice?: (row: number, code: string, message: string) => void;
}

/** The guess offered for a file that is not UTF-8: the encoding of US spreadsheets saved as "CSV" on Windows. */
export const GUESS = "windows-1252";
/** Bytes looked at for a byte-order mark and for NUL bytes (text in UTF-16 without a mark) before reading on. */
const SNIFF = 4096;

/**
 * The WHATWG name of an encoding label (`latin1` and `iso-8859-1` → `windows-1252`, as browsers read them), or
 * null when it is not one this importer can decode.
 * @example encodingName("cp1252") // "windows-1252"
 */
export function encodingName(label: string): string | null {
  try {
    const name = new TextDecoder(label).encoding;
    return iconv.encodingExists(name) ? name : null;
  } catch {
    return null;
  }
}

/**
 * Text in an encoding by its WHATWG name. Decoded with iconv-lite rather than TextDecoder: Node's TextDecoder
 * reads windows-1252 as ISO-8859-1 since 20.18.3 (nodejs/node#60888), turning `’`, `–`, `€` into control codes.
 * @example decodeText(Buffer.from([0x43, 0x92]), "windows-1252") // "C’"
 */
export function decodeText(bytes: Uint8Array, name: string): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), name, {
    stripBOM: false,
  });
}

/**
 * A file's bytes as UTF-8, for the readers of text formats (CSV, NDJSON, JSON): a UTF-8 file passes as it is
 * (its byte-order mark dropped) and every byte is checked; a file with a UTF-16 byte-order mark is decoded (a
 * notice says so). A file that is not UTF-8 — invalid sequences, or NUL bytes (UTF-16 without a mark) — is refused
 * at the line of the first bad byte, with a guess of its encoding and what the line would read as, unless
 * `--encoding` says how to read it: then it is decoded from that byte on (the bytes before are ASCII, alike in
 * both; a file that mixes UTF-8 and another encoding is refused). Nothing is ever turned into U+FFFD.
 * @example const input = openText("clinics.csv", { encoding: "windows-1252" }); input.pipe(lineGuard)
 */
export function openText(path: string, options: TextOptions = {}): Transform {
  return utf8Text(createReadStream(path), path, options);
}

/**
 * `openText` for bytes that come from elsewhere than a file of their own (a member of an archive): the same checks
 * and decoding of `source`; problems name `file`. Destroying the result destroys `source`.
 * @example const input = utf8Text(member, "clinics.zip:clinics.csv", options);
 */
export function utf8Text(source: Readable, file: string, options: TextOptions = {}): Transform {
  const text = new Utf8Text(file, options, source);
  source.on("error", (e) => text.destroy(e));
  return source.pipe(text);
}

class Utf8Text extends Transform {
  #mode: "sniff" | "utf8" | "decode" = "sniff";
  readonly #head: Buffer[] = [];
  #headBytes = 0;
  #decoder: iconv.DecoderStream | null = null;
  #decoding = "";
  /** An incomplete UTF-8 sequence at the end of the last chunk, completed by the next. */
  #tail: Buffer = Buffer.alloc(0);
  /** Line breaks passed so far. */
  #lines = 0;
  /** Whether a character beyond ASCII passed as UTF-8 (then another encoding further on is a mix). */
  #beyondAscii = false;
  readonly #path: string;
  readonly #options: TextOptions;
  readonly #source: Readable;

  constructor(path: string, options: TextOptions, source: Readable) {
    super();
    this.#path = path;
    this.#options = options;
    this.#source = source;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      if (this.#mode !== "sniff") this.#feed(chunk);
      else {
        this.#head.push(chunk);
        this.#headBytes += chunk.length;
        if (this.#headBytes >= SNIFF) this.#start(Buffer.concat(this.#head));
      }
      done();
    } catch (e) {
      done(e as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      if (this.#mode === "sniff") this.#start(Buffer.concat(this.#head));
      if (this.#mode === "utf8" && this.#tail.length > 0) this.#notUtf8(this.#tail, 0); // ends inside a character
      if (this.#mode === "decode") this.#pushDecoded((this.#decoder as iconv.DecoderStream).end() ?? "");
      done();
    } catch (e) {
      done(e as Error);
    }
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    this.#source.destroy();
    done(error);
  }

  /** Decides from the first bytes: a byte-order mark, NUL bytes (UTF-16 without a mark), or UTF-8. */
  #start(bytes: Buffer): void {
    const told = this.#options.encoding ? encodingName(this.#options.encoding) : null;
    const marked =
      bytes[0] === 0xff && bytes[1] === 0xfe
        ? "utf-16le"
        : bytes[0] === 0xfe && bytes[1] === 0xff
          ? "utf-16be"
          : null;
    if (marked) {
      this.#decodeWith(marked, 0, `read as ${marked.toUpperCase()} (its byte-order mark says so)`);
      this.#feed(bytes.subarray(2));
      return;
    }
    const nul = bytes.subarray(0, SNIFF).indexOf(0);
    if (nul >= 0) {
      const guess = nul % 2 === 1 ? "utf-16le" : "utf-16be";
      if (told !== "utf-16le" && told !== "utf-16be")
        throw this.#fatal(
          1,
          `the file holds NUL bytes (the first at byte ${nul}): it looks like ${guess.toUpperCase()} text without a byte-order mark; pass --encoding ${guess} if that is right, or save the file as UTF-8`,
        );
      this.#decodeWith(told, 0, `read as ${told.toUpperCase()}, as --encoding says`);
      this.#feed(bytes);
      return;
    }
    this.#mode = "utf8";
    this.#feed(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes);
  }

  #feed(chunk: Buffer): void {
    if (this.#mode === "decode") {
      this.#pushDecoded((this.#decoder as iconv.DecoderStream).write(chunk));
      return;
    }
    const bytes = this.#tail.length > 0 ? Buffer.concat([this.#tail, chunk]) : chunk;
    const end = completeLength(bytes);
    const body = bytes.subarray(0, end);
    if (!isUtf8(body)) {
      this.#notUtf8(bytes, firstInvalid(body));
      return;
    }
    const nul = body.indexOf(0);
    if (nul >= 0) throw this.#nul(this.#lines + countLines(body.subarray(0, nul)) + 1);
    this.#beyondAscii ||= !isAscii(body);
    this.#lines += countLines(body);
    this.#tail = Buffer.from(bytes.subarray(end));
    if (body.length > 0) this.push(body);
  }

  /** The first byte that is not UTF-8, at `bad` of `bytes`: refused, or read on with `--encoding`. */
  #notUtf8(bytes: Buffer, bad: number): void {
    const before = bytes.subarray(0, bad);
    const line = this.#lines + countLines(before) + 1;
    const byte = `0x${(bytes[bad] as number).toString(16).toUpperCase().padStart(2, "0")}`;
    const told = this.#options.encoding ? encodingName(this.#options.encoding) : null;
    const fallback = told === null || told === "utf-8" || told.startsWith("utf-16") ? null : told;
    if (fallback === null) {
      const sample = decodeText(lineAround(bytes, bad), GUESS);
      throw this.#fatal(
        line,
        `the file is not UTF-8: line ${line} holds the byte ${byte}, which UTF-8 cannot read (it would be published as U+FFFD); read as ${GUESS} the line says "${sample}". Pass --encoding ${GUESS} if that is right, or save the file as UTF-8`,
      );
    }
    if (this.#beyondAscii || !isAscii(before))
      throw this.#fatal(
        line,
        `the file mixes encodings: text before line ${line} is UTF-8 beyond ASCII, but line ${line} holds the byte ${byte}, which UTF-8 cannot read: save the file in one encoding`,
      );
    const nul = before.indexOf(0);
    if (nul >= 0) throw this.#nul(this.#lines + countLines(before.subarray(0, nul)) + 1);
    this.#lines += countLines(before);
    if (before.length > 0) this.push(Buffer.from(before));
    this.#tail = Buffer.alloc(0);
    this.#decodeWith(
      fallback,
      line,
      `not UTF-8 from line ${line} on (byte ${byte}): read as ${fallback}, as --encoding says`,
    );
    this.#feed(bytes.subarray(bad));
  }

  #decodeWith(name: string, line: number, notice: string): void {
    this.#mode = "decode";
    this.#decoding = name;
    this.#decoder = iconv.getDecoder(name, { stripBOM: false });
    this.#options.notice?.(line, "encoding_decoded", notice);
  }

  /** Decoded text, unless the encoding could not read a byte either (iconv-lite gives U+FFFD for those). */
  #pushDecoded(text: string): void {
    if (text.includes("\uFFFD"))
      throw this.#fatal(
        0,
        `the file is not valid ${this.#decoding} either (a byte it does not define): check its encoding and pass the right --encoding, or save it as UTF-8`,
      );
    const nul = text.indexOf("\u0000");
    if (nul >= 0) throw this.#nul(0);
    if (text.length > 0) this.push(Buffer.from(text));
  }

  /**
   * A NUL byte past the first bytes (those are sniffed for UTF-16 without a mark): refused wherever it is, as the
   * first are — no text file holds one, and read on it would become a space in a published value.
   */
  #nul(line: number): FatalInputError {
    return this.#fatal(
      line,
      `${line > 0 ? `line ${line}` : "the file"} holds a NUL byte, which no text file holds (it would be published as a space): the file is damaged or not text. Remove the NUL bytes, or save the file again as UTF-8 text`,
    );
  }

  #fatal(row: number, message: string): FatalInputError {
    return new FatalInputError({ file: this.#path, row, field: "", code: "encoding_invalid", message });
  }
}
