import { describe, expect, it } from 'vitest';
import { isProseLine, normaliseArticleHtml } from '../../../src/lib/articleHtml';

describe('normaliseArticleHtml: non-breaking spaces', () => {
  it('turns &nbsp; entities and U+00A0 into plain spaces', () => {
    expect(normaliseArticleHtml('<p>سلام&nbsp;دنیا\u00a0و&#160;همه&#xA0;جا</p>')).toBe('<p>سلام دنیا و همه جا</p>');
  });

  it('also inside code blocks', () => {
    expect(normaliseArticleHtml('<pre><code>a&nbsp;=&nbsp;1;</code></pre>')).toBe('<pre><code>a = 1;</code></pre>');
  });

  it('a paragraph holding only &nbsp; is empty and goes', () => {
    expect(normaliseArticleHtml('<p>متن</p><p>&nbsp;</p>')).toBe('<p>متن</p>');
  });
});

describe('normaliseArticleHtml: empty paragraphs', () => {
  it.each([
    ['<p></p>'],
    ['<p><br></p>'],
    ['<p><br/></p>'],
    ['<p>   \n </p>'],
    ['<p style="text-align: right"></p>'],
    ['<p><strong> </strong></p>'],
  ])('removes %s', (empty) => {
    expect(normaliseArticleHtml(`<h2>عنوان</h2>${empty}<p>متن</p>`)).toBe('<h2>عنوان</h2><p>متن</p>');
  });

  it('keeps paragraphs with text or embedded media', () => {
    const html = '<p>الف</p><p><img src="a.png"></p><p><br>ب</p>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });

  it('keeps attributes of the paragraphs it keeps', () => {
    const html = '<p style="text-align: center" dir="rtl">وسط</p>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });

  it('removes empty paragraphs nested in list items and quotes', () => {
    expect(normaliseArticleHtml('<blockquote><p>نقل</p><p></p></blockquote>')).toBe(
      '<blockquote><p>نقل</p></blockquote>',
    );
  });
});

describe('normaliseArticleHtml: empty body', () => {
  it.each([[''], ['   '], ['<p></p>'], ['<p><br></p><p>&nbsp;</p>'], ['\u00a0']])('%j becomes <p></p>', (body) => {
    expect(normaliseArticleHtml(body)).toBe('<p></p>');
  });
});

describe('normaliseArticleHtml: adjacent code blocks', () => {
  it('merges two adjacent blocks with a newline', () => {
    expect(normaliseArticleHtml('<pre><code>let a = 1;</code></pre><pre><code>let b = 2;</code></pre>')).toBe(
      '<pre><code>let a = 1;\nlet b = 2;</code></pre>',
    );
  });

  it('merges a run of three, across whitespace and empty paragraphs, keeping the first attributes', () => {
    const html =
      '<pre><code class="language-js">a();</code></pre>\n<p></p><pre><code class="language-ts">b();</code></pre>  <pre><code>c();</code></pre>';
    expect(normaliseArticleHtml(html)).toBe('<pre><code class="language-js">a();\nb();\nc();</code></pre>');
  });

  it('does not merge blocks that text separates', () => {
    const html = '<pre><code>a();</code></pre><p>سپس</p><pre><code>b();</code></pre>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });

  it('reads <pre> without <code> and <br> line breaks as code too', () => {
    expect(normaliseArticleHtml('<pre>x = 1;<br>y = 2;</pre><pre><code>z();</code></pre>')).toBe(
      '<pre><code>x = 1;\ny = 2;\nz();</code></pre>',
    );
  });

  it('keeps escaped markup inside code untouched', () => {
    const html = '<pre><code>&lt;p&gt;&lt;/p&gt;\nif (a &amp;&amp; b) {}</code></pre>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });
});

describe('normaliseArticleHtml: leading prose lines of a code block', () => {
  it('moves a Persian explanation line into a paragraph before the code', () => {
    expect(normaliseArticleHtml('<pre><code>برای نصب دستور زیر را اجرا کنید:\nnpm install vite</code></pre>')).toBe(
      '<p>برای نصب دستور زیر را اجرا کنید:</p><pre><code>npm install vite</code></pre>',
    );
  });

  it('joins several prose lines with <br> and skips blank lines among them', () => {
    expect(normaliseArticleHtml('<pre><code>خط اول توضیح\n\nخط دوم (با پرانتز)\n\nconst x = 1;</code></pre>')).toBe(
      '<p>خط اول توضیح<br>خط دوم (با پرانتز)</p><pre><code>const x = 1;</code></pre>',
    );
  });

  it('turns a code block that is all prose into a paragraph only', () => {
    expect(normaliseArticleHtml('<pre><code>این فقط متن است</code></pre>')).toBe('<p>این فقط متن است</p>');
  });

  it('leaves Persian that sits inside code (strings, comments) in the code', () => {
    const html = '<pre><code>// محاسبه مجموع\nconsole.log("سلام");</code></pre>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });

  it('only leading lines move: prose after the first code line stays', () => {
    const html = '<pre><code>x = 1;\nتوضیح بعدی</code></pre>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });

  it('splits before merging, so an explanation stays between two blocks', () => {
    expect(normaliseArticleHtml('<pre><code>a();</code></pre><pre><code>حالا تابع دوم:\nb();</code></pre>')).toBe(
      '<pre><code>a();</code></pre><p>حالا تابع دوم:</p><pre><code>b();</code></pre>',
    );
  });
});

describe('isProseLine', () => {
  it.each([
    ['این یک جمله است.', true],
    ['مثال (ساده)', true],
    ['نکته: «مهم»', true],
    ['Hello world', false],
    ['const a = "سلام";', false],
    ['print("سلام")', false],
    ['# توضیح در پایتون', false],
    ['<span class="x">سلام</span>', true],
    ['&lt;b&gt;سلام', false],
    ['', false],
  ])('%j → %s', (line, expected) => {
    expect(isProseLine(line)).toBe(expected);
  });
});

describe('normaliseArticleHtml: stability', () => {
  it('is idempotent', () => {
    const html =
      '<h1>عنوان</h1><p>&nbsp;</p><pre><code>توضیح\nx();</code></pre><pre><code>y();</code></pre><ul><li><p>یک</p></li></ul>';
    const once = normaliseArticleHtml(html);
    expect(normaliseArticleHtml(once)).toBe(once);
    expect(once).toBe('<h1>عنوان</h1><p>توضیح</p><pre><code>x();\ny();</code></pre><ul><li><p>یک</p></li></ul>');
  });

  it('leaves other markup alone', () => {
    const html = '<h2 style="text-align: left">H</h2><ol><li><p>۱</p></li></ol><blockquote><p>ق</p></blockquote>';
    expect(normaliseArticleHtml(html)).toBe(html);
  });
});
