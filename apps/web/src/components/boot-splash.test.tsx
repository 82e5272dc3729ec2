import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { BootSplash } from './boot-splash';

/** The element's tree without the whitespace between tags that formatting adds. */
function normalized(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  const blanks: Node[] = [];
  while (walker.nextNode())
    if (walker.currentNode.textContent?.trim() === '') blanks.push(walker.currentNode);
  for (const blank of blanks) blank.parentNode?.removeChild(blank);
  return copy;
}

describe('the boot splash', () => {
  it('is painted from index.html exactly as the app renders it', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const painted = page.getElementById('root')?.firstElementChild;
    expect(painted).toBeTruthy();
    const rendered = document.createElement('div');
    rendered.innerHTML = renderToStaticMarkup(<BootSplash />);
    expect(normalized(painted as Element).outerHTML).toBe(
      normalized(rendered.firstElementChild as Element).outerHTML,
    );
  });
});
