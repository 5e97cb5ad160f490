// Shortens the names a WebAssembly module imports from its wasm-bindgen
// glue (`__wbg_bindBuffer_b3bb001fdbee089a` becomes `a1`), in the module and
// in the glue alike: the names are read by no one, and they were 5.6 KB of
// a first visit, gzipped. scripts/build-web.sh runs it on each module after
// wasm-opt and terser. Every import must be found as a key of the glue's
// import object (`name:function`), or nothing is written and it fails.
// Usage: node scripts/short-imports.mjs <glue.js> <module.wasm>

import { readFileSync, writeFileSync } from 'node:fs';

const [gluePath, wasmPath] = process.argv.slice(2);
const wasm = readFileSync(wasmPath);
let glue = readFileSync(gluePath, 'utf8');

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function encodeLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

const name = (text) => Buffer.concat([encodeLeb(Buffer.byteLength(text)), Buffer.from(text)]);

/** The end of an import's description (after its kind byte) at `at`. */
function skipDescription(kind, at) {
  const limits = (p) => {
    const flags = wasm[p];
    let [, next] = leb(wasm, p + 1);
    if (flags & 1) [, next] = leb(wasm, next);
    return next;
  };
  switch (kind) {
    case 0: return leb(wasm, at)[1]; // function: its type
    case 1: return limits(at + 1); // table: reference type, limits
    case 2: return limits(at); // memory: limits
    case 3: return at + 2; // global: value type, mutability
    case 4: return leb(wasm, at + 1)[1]; // tag: attribute, type
    default: throw new Error(`${wasmPath}: unknown import kind ${kind} at byte ${at}`);
  }
}

/** Short names in order: a0 … a9, aa …, as many as needed. */
const shortName = (k) => `a${k.toString(36)}`;

const sections = [];
let at = 8;
const renamed = new Map();
while (at < wasm.length) {
  const id = wasm[at];
  const [size, body] = leb(wasm, at + 1);
  const end = body + size;
  if (id !== 2) {
    sections.push(wasm.subarray(at, end));
    at = end;
    continue;
  }
  let [count, p] = leb(wasm, body);
  const imports = [encodeLeb(count)];
  for (; count > 0; count -= 1) {
    const [moduleLength, moduleStart] = leb(wasm, p);
    const module = wasm.subarray(moduleStart, moduleStart + moduleLength).toString();
    const [fieldLength, fieldStart] = leb(wasm, moduleStart + moduleLength);
    const field = wasm.subarray(fieldStart, fieldStart + fieldLength).toString();
    const kind = wasm[fieldStart + fieldLength];
    const next = skipDescription(kind, fieldStart + fieldLength + 1);
    if (!renamed.has(field)) renamed.set(field, shortName(renamed.size));
    imports.push(name(module), name(renamed.get(field)), wasm.subarray(fieldStart + fieldLength, next));
    p = next;
  }
  const section = Buffer.concat(imports);
  sections.push(Buffer.concat([Buffer.from([2]), encodeLeb(section.length), section]));
  at = end;
}

for (const [field, short] of renamed) {
  const key = new RegExp(`([{,])${field.replace(/[^\w]/g, (c) => `\\${c}`)}:function`, 'g');
  const found = glue.match(key);
  if (!found || found.length !== 1) throw new Error(`${gluePath}: the import ${field} is not one key of the glue's imports`);
  glue = glue.replace(key, `$1${short}:function`);
}

writeFileSync(wasmPath, Buffer.concat([wasm.subarray(0, 8), ...sections]));
writeFileSync(gluePath, glue);
console.log(`${wasmPath}: ${renamed.size} imports renamed`);
