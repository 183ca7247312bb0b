import test from 'ava';
import { compileJavaRegex, regexSource } from './runner/java-regex.js';

test('COMMENTS mode ignores whitespace and # comments, like Pattern.COMMENTS', (t) => {
  const re = compileJavaRegex('^ green \\s+ # the status\n \\d+ $', { comments: true });
  t.true(re.test('green   3'));
  t.false(re.test('green3x'));
});

test('the cat regex of FORMAT.asciidoc matches a cat body', (t) => {
  const source = `^  epoch  \\s+  timestamp          \\s+  count  \\s+  \\n
                   \\d+    \\s+  \\d{2}:\\d{2}:\\d{2}  \\s+  \\d+    \\s+  \\n  $`;
  const re = compileJavaRegex(source, { comments: true });
  t.true(re.test('epoch      timestamp count \n1466532123 18:02:03  4     \n'));
  t.false(re.test('epoch timestamp count\n'));
});

test('whitespace inside a character class is ignored in COMMENTS mode, as in Java', (t) => {
  const re = compileJavaRegex('^[a b]+$', { comments: true });
  t.true(re.test('abba'));
  t.false(re.test('a b'));
});

test('an escaped space stays a literal space in COMMENTS mode', (t) => {
  t.true(compileJavaRegex('^a\\ b$', { comments: true }).test('a b'));
  t.false(compileJavaRegex('^a\\ b$', { comments: true }).test('ab'));
});

test('without COMMENTS whitespace is literal', (t) => {
  t.true(compileJavaRegex('a b').test('xa by'));
  t.false(compileJavaRegex('a b').test('ab'));
});

test('find() semantics: the regex is not anchored', (t) => {
  t.true(compileJavaRegex('index_not_found').test('{type=index_not_found_exception, reason=no such index}'));
});

test('$ also matches before a final line terminator, as Java does without MULTILINE', (t) => {
  t.true(compileJavaRegex('^green$').test('green\n'));
  t.false(compileJavaRegex('^green$').test('green\nx'));
  t.true(compileJavaRegex('\\Agreen\\Z').test('green\n'));
  t.false(compileJavaRegex('\\Agreen\\z').test('green\n'));
});

test('\\Q...\\E quotes and possessive quantifiers compile', (t) => {
  t.true(compileJavaRegex('^\\Q[a.b]\\E$').test('[a.b]'));
  t.false(compileJavaRegex('^\\Q[a.b]\\E$').test('[axb]'));
  t.true(compileJavaRegex('^a*+b$').test('aaab'));
  t.true(compileJavaRegex('^(?>ab)+$').test('abab'));
});

test('leading inline flags are applied', (t) => {
  t.true(compileJavaRegex('(?i)^GREEN$').test('green'));
  t.true(compileJavaRegex('(?x)^ a b $').test('ab'));
});

test('regexSource recognises /.../ after trimming, longer than two characters', (t) => {
  t.is(regexSource(' /ab+/\n'), 'ab+');
  t.is(regexSource('//'), undefined);
  t.is(regexSource('/a'), undefined);
  t.is(regexSource(5), undefined);
});
