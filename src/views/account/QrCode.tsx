import { useMemo } from 'react';
import { encode } from 'uqr';

/** Modules of white around the code: the quiet zone a scanner needs (4 in the QR standard). */
const QUIET_ZONE = 4;

/** The SVG path of the dark modules, one rectangle per horizontal run. */
function darkModules(rows: readonly (readonly boolean[])[]): string {
  let d = '';
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return d;
}

/**
 * A QR code as an SVG image (uqr encodes it; nothing is drawn on a canvas or injected as markup).
 * Black on white with its quiet zone whatever the colour mode: that is what scanners read, so these
 * two colours are not theme tokens.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: QUIET_ZONE });
    return { path: darkModules(qr.data), modules: qr.size };
  }, [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
