/**
 * Decodes Parquet's RLE / bit-packed hybrid (levels and dictionary indices) into a typed array, reading bytes
 * directly: the scan of a places file decodes tens of millions of levels, and hyparquet's decoder (through a
 * DataView, a byte at a time) took most of its time. Same format and results: `output` gets `output.length`
 * values, from `bytes[start]` up to `bytes[end]` at most.
 * @example decodeHybrid(page, 4, page.length, 1, new Uint8Array(100))
 */
export function decodeHybrid(
  bytes: Uint8Array,
  start: number,
  end: number,
  width: number,
  output: Uint8Array | Int32Array,
): void {
  let pos = start;
  let seen = 0;
  const count = output.length;
  if (width === 0) {
    output.fill(0);
    return;
  }
  const byteWidth = (width + 7) >> 3;
  while (seen < count && pos < end) {
    let header = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[pos++] as number;
      header |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80 && shift < 35);
    if (header & 1) {
      const groups = header >>> 1;
      const stop = Math.min(count, seen + groups * 8);
      if (width <= 24) seen = unpack(bytes, pos, width, output, seen, stop);
      else seen = unpackWide(bytes, pos, width, output, seen, stop);
      pos += groups * width;
    } else {
      const run = header >>> 1;
      let value = 0;
      for (let i = 0; i < byteWidth; i++) value += (bytes[pos++] as number) * 2 ** (8 * i);
      const stop = Math.min(count, seen + run);
      output.fill(value, seen, stop);
      seen = stop;
    }
  }
}

/**
 * How many values the RLE / bit-packed hybrid data in `bytes[start..end]` holds, counted from its run headers
 * without decoding them, up to `max` (a count of at least `max` means "enough"): a page that declares more values
 * than its runs hold is cut or crafted, and nothing is allocated for it.
 * @example hybridCount(page, 4, page.length, 1, 100) // 100 when the runs hold 100 values or more
 */
export function hybridCount(
  bytes: Uint8Array,
  start: number,
  end: number,
  width: number,
  max: number,
): number {
  if (width === 0) return max;
  const byteWidth = (width + 7) >> 3;
  let pos = start;
  let seen = 0;
  while (seen < max && pos < end) {
    let header = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[pos++] as number;
      header += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80 && shift < 35 && pos < end);
    const length = Math.floor(header / 2);
    if (header % 2 === 1) {
      // Bit-packed: groups of 8 values, `width` bytes each; a run cut by the end holds the values its bytes hold.
      const bytesLeft = end - pos;
      if (length * width > bytesLeft) return seen + Math.floor((bytesLeft * 8) / width);
      seen += length * 8;
      pos += length * width;
    } else {
      if (pos + byteWidth > end) return seen;
      seen += length;
      pos += byteWidth;
    }
  }
  return seen;
}

/** Bit-packed values of up to 24 bits: an accumulator of at most 31 bits, integer arithmetic. */
function unpack(
  bytes: Uint8Array,
  pos: number,
  width: number,
  output: Uint8Array | Int32Array,
  from: number,
  stop: number,
): number {
  const mask = (1 << width) - 1;
  let acc = 0;
  let bits = 0;
  let k = from;
  while (k < stop) {
    while (bits < width) {
      acc |= (bytes[pos++] as number) << bits;
      bits += 8;
    }
    output[k++] = acc & mask;
    acc >>>= width;
    bits -= width;
  }
  return stop;
}

/** Bit-packed values of 25 to 32 bits (dictionaries of millions of entries): the slow, exact way. */
function unpackWide(
  bytes: Uint8Array,
  pos: number,
  width: number,
  output: Uint8Array | Int32Array,
  from: number,
  stop: number,
): number {
  let bit = pos * 8;
  for (let k = from; k < stop; k++) {
    let value = 0;
    for (let i = 0; i < width; i++, bit++)
      if ((bytes[bit >> 3] as number) & (1 << (bit & 7))) value += 2 ** i;
    output[k] = value;
  }
  return stop;
}
