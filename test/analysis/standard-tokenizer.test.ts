/**
 * StandardTokenizer / StandardAnalyzer expectations taken from Lucene 6.6's
 * TestStandardAnalyzer and the UAX#29 rules it implements.
 */
import test from 'ava';
import { analyze, chain, offsets, positions, terms, types } from './helpers.js';

const std = (text: string) => chain('standard', [], text);

test('armenian, amharic, arabic, greek words', (t) => {
  t.deepEqual(terms(std('Վիքիպեդիայի 13 միլիոն հոդվածները')), ['Վիքիպեդիայի', '13', 'միլիոն', 'հոդվածները']);
  t.deepEqual(terms(std('Η Βικιπαίδεια είναι')), ['Η', 'Βικιπαίδεια', 'είναι']);
  t.deepEqual(terms(std('ويكيبيديا (بالإنجليزية: Wikipedia)')), ['ويكيبيديا', 'بالإنجليزية', 'Wikipedia']);
});

test('chinese: one token per ideograph, fullwidth digits and letters', (t) => {
  const tokens = std('我是中国人。 １２３４ Ｔｅｓｔｓ ');
  t.deepEqual(terms(tokens), ['我', '是', '中', '国', '人', '１２３４', 'Ｔｅｓｔｓ']);
  t.deepEqual(types(tokens), ['<IDEOGRAPHIC>', '<IDEOGRAPHIC>', '<IDEOGRAPHIC>', '<IDEOGRAPHIC>', '<IDEOGRAPHIC>', '<NUM>', '<ALPHANUM>']);
});

test('supplementary ideographs', (t) => {
  const tokens = std('𩬅艱鍟䇹愯瀛');
  t.deepEqual(terms(tokens), ['𩬅', '艱', '鍟', '䇹', '愯', '瀛']);
  t.deepEqual(offsets(tokens).slice(0, 2), [[0, 2], [2, 3]]);
});

test('japanese: ideographs, hiragana singly, katakana runs', (t) => {
  const tokens = std('仮名遣い カタカナ');
  t.deepEqual(terms(tokens), ['仮', '名', '遣', 'い', 'カタカナ']);
  t.deepEqual(types(tokens), ['<IDEOGRAPHIC>', '<IDEOGRAPHIC>', '<IDEOGRAPHIC>', '<HIRAGANA>', '<KATAKANA>']);
});

test('korean and thai and lao', (t) => {
  t.deepEqual(terms(std('안녕하세요 한글입니다')), ['안녕하세요', '한글입니다']);
  t.deepEqual(types(std('안녕하세요')), ['<HANGUL>']);
  const thai = std('การที่ได้ต้องแสดงว่างานดี. แล้วเธอจะไปไหน? ๑๒๓๔');
  t.deepEqual(terms(thai), ['การที่ได้ต้องแสดงว่างานดี', 'แล้วเธอจะไปไหน', '๑๒๓๔']);
  t.deepEqual(types(thai), ['<SOUTHEAST_ASIAN>', '<SOUTHEAST_ASIAN>', '<NUM>']);
  t.deepEqual(terms(std('ສາທາລະນະລັດ ປະຊາທິປະໄຕ ປະຊາຊົນລາວ')), ['ສາທາລະນະລັດ', 'ປະຊາທິປະໄຕ', 'ປະຊາຊົນລາວ']);
});

test('empty and punctuation-only input', (t) => {
  t.deepEqual(std(''), []);
  t.deepEqual(std('.'), []);
  t.deepEqual(std(' '), []);
  t.deepEqual(std('___ -- !!'), []);
});

test('combining marks stay in the word (LUCENE-1545)', (t) => {
  t.deepEqual(terms(std('moͤchte')), ['moͤchte']);
});

test('apostrophes, acronyms, decimals, hosts, hyphens', (t) => {
  t.deepEqual(terms(std("O'Reilly you're she's Jim's don't O'Reilly's")), ["O'Reilly", "you're", "she's", "Jim's", "don't", "O'Reilly's"]);
  t.deepEqual(terms(std('U.S.A. wi-fi 3.14 21.35 216.239.63.104 1,000.5')), ['U.S.A', 'wi', 'fi', '3.14', '21.35', '216.239.63.104', '1,000.5']);
  t.deepEqual(terms(std('foo@bar.com www.example.com foo:bar a_b __x__ R2D2 C3PO')), ['foo', 'bar.com', 'www.example.com', 'foo:bar', 'a_b', '__x__', 'R2D2', 'C3PO']);
  t.deepEqual(terms(std('"QUOTED" word')), ['QUOTED', 'word']);
});

test('types and offsets of a mixed sentence', (t) => {
  const tokens = std('David has 5000 bones, B2B 2B');
  t.deepEqual(types(tokens), ['<ALPHANUM>', '<ALPHANUM>', '<NUM>', '<ALPHANUM>', '<ALPHANUM>', '<ALPHANUM>']);
  t.deepEqual(offsets(tokens), [[0, 5], [6, 9], [10, 14], [15, 20], [22, 25], [26, 28]]);
  t.deepEqual(positions(tokens), [0, 1, 2, 3, 4, 5]);
});

test('tokens longer than max_token_length are split at that length', (t) => {
  const long = 'a'.repeat(300);
  const tokens = std(long);
  t.deepEqual(tokens.map((x) => x.term.length), [255, 45]);
  t.deepEqual(offsets(tokens), [[0, 255], [255, 300]]);
  const five = chain({ type: 'standard', max_token_length: 5 }, [], 'abcdefghij klm');
  t.deepEqual(terms(five), ['abcde', 'fghij', 'klm']);
});

test('standard analyzer lowercases and keeps stop words by default', (t) => {
  const tokens = analyze('standard', 'The 2 QUICK Brown-Foxes jumped over the lazy dog\'s bone.');
  t.deepEqual(terms(tokens), ['the', '2', 'quick', 'brown', 'foxes', 'jumped', 'over', 'the', 'lazy', "dog's", 'bone']);
  t.deepEqual(positions(tokens), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});
