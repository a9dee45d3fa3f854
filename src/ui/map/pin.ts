/**
 * A map pin drawn by the page itself (an inline SVG): Leaflet's default marker is a PNG it finds by a
 * path the bundler rewrites (the well-known broken-icon problem), and a drawn pin also shows when no
 * tiles load.
 */
import L from 'leaflet';

const PIN_SIZE: [number, number] = [32, 42];

const pinSvg = (color: string) => '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="42" viewBox="0 0 24 32">'
  + `<path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 20 12 20s12-11 12-20C24 5.4 18.6 0 12 0z" fill="${color}" stroke="#fff" stroke-width="1.5"/>`
  + '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';

/** A pin whose point is the position; `className` lets a map style or find its pins. */
export function pinIcon(color: string, className: string): L.DivIcon {
  return L.divIcon({ html: pinSvg(color), className, iconSize: PIN_SIZE, iconAnchor: [PIN_SIZE[0] / 2, PIN_SIZE[1]] });
}
