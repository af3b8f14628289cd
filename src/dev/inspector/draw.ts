/**
 * Draws Mermaid source as SVG markup with the locally installed Mermaid, fetched on the first
 * drawing (a chunk of the dev server: no CDN, nothing beyond localhost). Dev only.
 */
import type { Mermaid } from 'mermaid';

/** Turns Mermaid source into SVG markup; `id` names the drawing (unique per call). */
export type DrawDiagram = (id: string, source: string) => Promise<string>;

let loaded: Promise<Mermaid> | undefined;

function mermaid(): Promise<Mermaid> {
  loaded ??= import('mermaid').then(({ default: m }) => {
    // 'strict': labels are text (Mermaid sanitises the SVG), no click handlers in the drawing.
    m.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default', state: { useMaxWidth: true } });
    return m;
  });
  return loaded;
}

export const drawWithMermaid: DrawDiagram = async (id, source) => {
  const { svg } = await (await mermaid()).render(id, source);
  return svg;
};
