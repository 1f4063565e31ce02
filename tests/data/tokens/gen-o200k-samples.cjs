// Generates o200k-samples.json: texts and the o200k_base token ids the npm tokenizer
// js-tiktoken gives them, the reference tst_tokens checks core/tokens against. Run by hand
// when the sample set changes (the output is committed; nothing runs node at build time):
//
//   mkdir -p /tmp/tok && cd /tmp/tok && npm install js-tiktoken@1.0.21
//   NODE_PATH=/tmp/tok/node_modules node tests/data/tokens/gen-o200k-samples.cjs \
//       > tests/data/tokens/o200k-samples.json
//
// The texts: hand-written cases for each branch of the o200k pre-tokenizer pattern
// (letters by case, contractions, digit runs, punctuation runs, newlines, trailing
// spaces), several scripts, emoji, tool-definition JSON, and pseudo-random mixes from a
// fixed seed over stable Unicode ranges. U+0085 and U+FEFF are left out on purpose:
// JavaScript's \s and tiktoken's (Rust, Unicode White_Space) disagree on exactly those
// two, and core/tokens follows tiktoken (see core/tokens/o200k.cpp). Special-token text
// ("<|endoftext|>") is encoded as ordinary text, as Toolwire counts it in tool definitions.
'use strict';
const { getEncoding } = require('js-tiktoken');
const enc = getEncoding('o200k_base');

const hand = {
  empty: '',
  ascii_sentence: 'Hello world, this is a test.',
  contractions: "I'm sure they'll say it's what we've done; YOU'RE RIGHT, he'd go. Don'T",
  camel_case: 'getWeatherForecast HTTPServerError parseJSONSchema iOS XMLHttpRequest',
  upper_then_lower: 'ABCdef ABC DEF aBc Ab aB',
  digits: '1 12 123 1234 12345 123456 3.14159 1,000,000 2026-12-01T23:59:59Z',
  punctuation: '!!! ??? ... --- ;;; (){}[] <<>> /// \\\\ "quoted" \'single\'',
  punct_newline: 'a.\n\nb!!\r\n/c/\n// comment\n/* block */',
  spaces: 'a  b   c    d     e\t\tf \t g   ',
  trailing_spaces: 'line one   \nline two\t\n   \n\n   indented',
  only_whitespace: '   \n\t  \r\n  ',
  newlines: '\n\n\n\r\n\r\r\n\n',
  german: 'Wetter für München: Grüße, Straße, Äpfel und Öl — heute 12 °C.',
  french: "L'été à Paris, c'est déjà là ! Ça va ? Où êtes-vous ?",
  russian: 'Погода в Москве: сегодня облачно, температура −5 °C.',
  greek: 'Καλημέρα κόσμε· ΑΒΓ αβγ Ωμέγα',
  chinese: '天气预报：北京今天晴，最高气温二十五度。你好，世界！',
  japanese: '今日は良い天気ですね。カタカナとひらがな、漢字。ｶﾀｶﾅ',
  korean: '오늘 서울의 날씨는 맑습니다. 안녕하세요!',
  arabic: 'مرحبا بالعالم، الطقس اليوم مشمس ١٢٣',
  hebrew: 'שלום עולם, מזג האוויר היום',
  hindi: 'नमस्ते दुनिया, आज का मौसम अच्छा है। ०१२३',
  thai: 'สวัสดีชาวโลก อากาศวันนี้ดีมาก',
  combining: 'e\u0301 a\u0308 n\u0303 Z\u0335\u0336 q\u0307\u0323',
  titlecase: '\u01C5 \u01C8 \u01CB \u1F88 Dž Lj',
  modifier_letters: '\u02B0\u02B1 \u02C6x \u3005\u3005 \uA788',
  emoji: '😀 👍🏽 👨‍👩‍👧‍👦 🇩🇪🇯🇵 ❤️ 🤖 🧪',
  symbols: '© ® ™ € £ ¥ § ¶ ° ± × ÷ ∞ ≤ ≥ ≠ √ ∑ → ← ⇒',
  unicode_spaces: 'a\u00A0b\u2003c\u2009d\u3000e\u202Ff\u205Fg\u1680h',
  line_separators: 'a\u2028b\u2029c\u000Bd\u000Ce',
  fullwidth_digits: '０１２３４５６７８９ ٠١٢ ①②③ Ⅻ ½',
  url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:countTokens?key=XYZ',
  email_path: 'user.name+tag@example.co.uk /usr/local/bin/toolwire C:\\Users\\me\\file.txt',
  code_cpp: '#include <vector>\nint main() {\n    std::vector<int> v{1, 2, 3};\n    for (auto& x : v) x *= 2;\n    return 0;\n}\n',
  code_python: 'def get_weather(city: str, unit: str = "celsius") -> dict:\n    """Return the weather."""\n    return {"city": city, "temp": 21.5}\n',
  json_tool: JSON.stringify({ type: 'function', function: { name: 'get_weather', description: 'Get the current weather for a city.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Berlin' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, required: ['city'], additionalProperties: false }, strict: true } }),
  json_pretty: JSON.stringify({ name: 'search_docs', input_schema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 } } } }, null, 2),
  gemini_types: '{"functionDeclarations":[{"name":"lookup","parameters":{"type":"OBJECT","properties":{"id":{"type":"STRING"}}}}]}',
  hermes_prompt: 'You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags.\n<tools>\n{"type": "function"}\n</tools>\n<tool_call>\n{"name": "x", "arguments": {}}\n</tool_call>',
  special_lookalike: '<|endoftext|> is written here as text, and <|im_start|> too',
  apostrophes: "it's it’s it`s 's 'S 'll 'LL 're 'Re 've 'd 'D 'm 'x",
  long_word: 'Donaudampfschifffahrtsgesellschaftskapitänswitwe pneumonoultramicroscopicsilicovolcanoconiosis',
  long_digits: '31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679',
  repeated: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ' + '=-'.repeat(40) + ' ' + '🙂'.repeat(12),
  mixed_scripts: 'API调用 with Ünïcödé and 日本語テキスト, numbers 42 and ٤٢, emoji 🚀!',
  wetter_fuer: 'wetter_für 天气 tool name with spaces ' + 'x'.repeat(80),
};

// A small fixed-seed generator (mulberry32) so the random cases are the same every run.
function rng(seed) {
  return function () {
    seed |= 0; seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
// Ranges whose characters and categories have been stable for many Unicode versions.
const ranges = [
  [0x20, 0x7e], [0x20, 0x7e], [0x20, 0x7e], [0x0a, 0x0a], [0x09, 0x09], [0x0d, 0x0d],
  [0xa0, 0xff], [0x100, 0x17f], [0x370, 0x3ff], [0x400, 0x44f], [0x5d0, 0x5ea],
  [0x620, 0x64a], [0x660, 0x669], [0x905, 0x939], [0x93e, 0x94d], [0x300, 0x36f],
  [0x2000, 0x200a], [0x2010, 0x2027], [0x2190, 0x21ff], [0x3041, 0x3096], [0x30a1, 0x30fa],
  [0x4e00, 0x4fff], [0xac00, 0xad00], [0xff10, 0xff5a], [0x1f600, 0x1f64f], [0x1f300, 0x1f3f0],
];
const random = {};
const next = rng(20261201);
for (let c = 0; c < 60; ++c) {
  let s = '';
  const len = 1 + Math.floor(next() * 120);
  for (let i = 0; i < len; ++i) {
    const [lo, hi] = ranges[Math.floor(next() * ranges.length)];
    const run = 1 + Math.floor(next() * 6);
    for (let k = 0; k < run; ++k) s += String.fromCodePoint(lo + Math.floor(next() * (hi - lo + 1)));
  }
  random['random_' + String(c).padStart(2, '0')] = s;
}

const cases = [];
for (const [name, text] of Object.entries({ ...hand, ...random })) {
  if (/[\u0085\uFEFF]/u.test(text)) throw new Error(name + ' contains U+0085 or U+FEFF');
  cases.push({ name, text, tokens: enc.encode(text, [], []) });
}
const out = {
  generator: 'tests/data/tokens/gen-o200k-samples.cjs with js-tiktoken 1.0.21 (o200k_base), node ' + process.version,
  encoding: 'o200k_base',
  cases,
};
// One case per line, so that a change shows as the cases it touches.
process.stdout.write('{\n "generator": ' + JSON.stringify(out.generator) + ',\n "encoding": "o200k_base",\n "cases": [\n' +
  cases.map((c) => '  ' + JSON.stringify(c)).join(',\n') + '\n ]\n}\n');
