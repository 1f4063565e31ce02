// Converts the o200k_base BPE ranks shipped in the npm package js-tiktoken (MIT) into
// o200k_base.ranks, the compact file core/tokens loads. Run once, by hand, with the
// package unpacked somewhere (never at build or run time):
//
//   cd /tmp && npm pack js-tiktoken@1.0.21 && tar xzf js-tiktoken-1.0.21.tgz
//   node resources/tokenizer/convert-ranks.cjs /tmp/package/dist/ranks/o200k_base.cjs \
//        resources/tokenizer/o200k_base.ranks
//
// Format (all integers little-endian):
//   "TWBPE1\n"            7 bytes of magic
//   u32 count             number of ranks; rank i is the i-th entry
//   count × (u8 n, n bytes) the token's bytes (1 <= n <= 255)
// The pre-tokenizer pattern and the special tokens are not ranks: core/tokens/o200k.cpp
// carries them (and says how its pattern relates to the package's pat_str).
'use strict';
const fs = require('fs');
const [, , input, output] = process.argv;
if (!input || !output) {
  console.error('usage: node convert-ranks.cjs RANKS.cjs OUT.ranks');
  process.exit(2);
}
const ranks = require(require('path').resolve(input));
const byRank = [];
for (const line of ranks.bpe_ranks.split('\n').filter(Boolean)) {
  const [, offsetText, ...tokens] = line.split(' ');
  const offset = Number.parseInt(offsetText, 10);
  tokens.forEach((t, i) => { byRank[offset + i] = Buffer.from(t, 'base64'); });
}
const parts = [Buffer.from('TWBPE1\n', 'latin1')];
const count = Buffer.alloc(4);
count.writeUInt32LE(byRank.length);
parts.push(count);
for (let r = 0; r < byRank.length; ++r) {
  const b = byRank[r];
  if (!b || b.length === 0 || b.length > 255) throw new Error('rank ' + r + ' cannot be stored');
  parts.push(Buffer.from([b.length]), b);
}
fs.writeFileSync(output, Buffer.concat(parts));
console.log(output + ': ' + byRank.length + ' ranks');
