import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseBlocks } from '../../../src/domain/markdown';
import { Markdown } from '../../../src/views/assistant/markdown';
import { getSystem } from '../../../src/views/theme/system';

/* eslint-disable testing-library/no-node-access -- the rendered markup is this file's subject: which elements a text becomes */
const show = (text: string) => {
  render(
    <ChakraProvider value={getSystem()}>
      <div data-testid="md">
        <Markdown text={text} />
      </div>
    </ChakraProvider>,
  );
  return screen.getByTestId('md');
};

describe('parseBlocks', () => {
  it('splits paragraphs, headings, lists and fenced code', () => {
    expect(parseBlocks('## Title\nline one\nline two\n\n- a\n- b\n  continued\n3. c\n4. d\n```\n<b>x</b>\n```')).toEqual([
      { kind: 'heading', level: 2, text: 'Title' },
      { kind: 'paragraph', lines: ['line one', 'line two'] },
      { kind: 'list', ordered: false, start: 1, items: ['a', 'b continued'] },
      { kind: 'list', ordered: true, start: 3, items: ['c', 'd'] },
      { kind: 'code', text: '<b>x</b>' },
    ]);
  });
});

describe('Markdown', () => {
  it('renders inline bold, italic, code and https links', () => {
    const md = show('**Bold [site](https://e.com/a_(b))** and *soft* with `a<b>` and user_activity_count');
    expect(screen.getByText('Bold', { exact: false }).tagName).toBe('STRONG');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('href', 'https://e.com/a_(b)');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('soft').tagName).toBe('EM');
    expect(screen.getByText('a<b>').tagName).toBe('CODE');
    expect(md).toHaveTextContent('user_activity_count');
    expect(md.querySelectorAll('em')).toHaveLength(1);
  });

  it('keeps non-https links, images and task tags as text', () => {
    const md = show(
      '- [open] Fix rebar\n- [docs](http://e.com) [mail](mailto:a@e.com) [rel](/x) [js](JAVASCRIPT:alert(1))\n- ![alt text](https://e.com/i.png)',
    );
    expect(md.querySelectorAll('a, img')).toHaveLength(0);
    expect(md).toHaveTextContent('[open] Fix rebar');
    expect(md).toHaveTextContent('docs mail rel js');
    expect(md).toHaveTextContent('alt text');
    expect(md).not.toHaveTextContent('javascript');
  });

  it('shows HTML as text, never as elements', () => {
    const md = show('<script>alert(1)</script>\n<img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a>');
    expect(md.querySelectorAll('script, img, a')).toHaveLength(0);
    expect(md).toHaveTextContent('<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a>');
  });

  it('shows backslash-escaped markup as the text it is', () => {
    const md = show('\\[Sign in again\\]\\(https://evil.example\\) \\*\\*bold\\*\\* \\`code\\` \\<img src=x\\> \\_u\\_');
    expect(md.querySelectorAll('a, img, strong, em, code')).toHaveLength(0);
    expect(md).toHaveTextContent('[Sign in again](https://evil.example) **bold** `code` <img src=x> _u_');
  });

  it.each(['*a ', '[', '** ', '_a '])('renders a 100 kB reply of `%s` repeated (unclosed markup) as plain text', (unit) => {
    const text = unit.repeat(Math.floor(100_000 / unit.length));
    const md = show(text);
    expect(md.querySelectorAll('em, strong, code, a')).toHaveLength(0);
    expect(md.textContent).toBe(text.trim());
  });

  it('renders headings below the screen headings (h3 and down)', () => {
    show('# One\n## Two\n###### Six');
    expect(screen.getByRole('heading', { name: 'One', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two', level: 4 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Six', level: 6 })).toBeInTheDocument();
  });
});
