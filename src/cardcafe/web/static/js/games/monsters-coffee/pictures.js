// @ts-check
// One small picture per Monster's Coffee family (48x48, the card's hue as the body colour), and
// the tokens that sit on cards. Simple shapes in one style: a body, big eyes, one feature that
// tells the family at a glance (teeth, a sting, a diving mask, a crown...).

const S = 'stroke="currentColor" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"';
const BODY = 'style="fill: hsl(var(--hue) 60% 66%)"';
const DARK = 'style="fill: hsl(var(--hue) 45% 42%)"';
const eye = (/** @type {number} */ x, /** @type {number} */ y, r = 4) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" ${S}/><circle cx="${x + 0.8}" cy="${y + 0.6}" r="${r * 0.42}" fill="currentColor"/>`;

/** @type {Record<string, string>} */
export const FAMILY_PICTURES = {
  // A round dinosaur head with a row of teeth.
  rex: `<path d="M6 30q0-20 20-20 16 0 16 14v6q0 10-12 10H14q-8 0-8-10z" ${BODY} ${S}/><path d="M14 10l3-6 3 6M22 9l3-6 3 6" ${DARK} ${S}/>${eye(30, 20)}<path d="M12 32h26" ${S}/><path d="M16 32l2 4 2-4 2 4 2-4 2 4 2-4 2 4 2-4" fill="#fff" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/>`,
  // A little dinosaur with a cupcake on its head.
  cakosaurus: `<path d="M8 44V28q0-12 16-12t16 12v16z" ${BODY} ${S}/><path d="M16 16h16l-2-8H18z" fill="#f7a8c4" ${S}/><path d="M15 8q9-8 18 0" fill="#fff" ${S}/><circle cx="24" cy="3.5" r="2.5" fill="#e4572e"/>${eye(18, 28)}${eye(30, 28)}<path d="M19 37q5 4 10 0" fill="none" ${S}/>`,
  // A round bug with wings and a long sting.
  skeeter: `<ellipse cx="14" cy="14" rx="8" ry="5" fill="#dff3fb" ${S} transform="rotate(-30 14 14)"/><ellipse cx="34" cy="14" rx="8" ry="5" fill="#dff3fb" ${S} transform="rotate(30 34 14)"/><circle cx="24" cy="26" r="12" ${BODY} ${S}/>${eye(19, 23, 3.5)}${eye(29, 23, 3.5)}<path d="M24 32v12" ${S}/><path d="M14 36l-6 6M34 36l6 6" ${S}/>`,
  // A blob wearing a diving mask and a snorkel.
  snorkel: `<path d="M8 44V24a16 16 0 0 1 32 0v20z" ${BODY} ${S}/><rect x="11" y="16" width="26" height="13" rx="6" fill="#bde7f5" ${S}/>${eye(18, 22, 3)}${eye(30, 22, 3)}<path d="M40 30V6h4" fill="none" stroke="#f4a259" stroke-width="4" stroke-linecap="round"/><path d="M37 26h3" ${S}/><path d="M18 37h12" ${S}/>`,
  // A shaggy one-eyed furball.
  grunge: `<path d="M8 40l-2-8 4-4-3-7 6-3-1-7 7 1 3-6 5 5 6-3 1 7 7 1-3 7 5 5-5 4 2 8z" ${BODY} ${S}/>${eye(24, 22, 7)}<path d="M18 34q6 3 12 0" fill="none" ${S}/>`,
  // A swirl with eyes.
  poopy: `<path d="M8 42h32q4-8-4-10 4-8-6-10 2-10-8-12 2 6-4 8-8 2-4 8-8 4-6 16z" ${BODY} ${S}/>${eye(19, 30, 3.5)}${eye(29, 30, 3.5)}<path d="M20 38q4 2 8 0" fill="none" ${S}/>`,
  // A face that is mostly a big pig snout.
  snout: `<circle cx="24" cy="24" r="18" ${BODY} ${S}/><path d="M10 10l4 8M38 10l-4 8" ${S}/>${eye(17, 17, 3)}${eye(31, 17, 3)}<ellipse cx="24" cy="31" rx="10" ry="7" ${DARK} ${S}/><circle cx="20" cy="31" r="2" fill="currentColor"/><circle cx="28" cy="31" r="2" fill="currentColor"/>`,
  // A wobbly drop with huge eyes.
  bliblop: `<path d="M24 4C14 18 8 24 8 32a16 14 0 0 0 32 0c0-8-6-14-16-28z" ${BODY} ${S}/>${eye(18, 28, 5)}${eye(30, 28, 5)}<path d="M21 39q3 2 6 0" fill="none" ${S}/><path d="M14 20q-2 4 0 6" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/>`,
  // A cyclops, half light and half dark (its values go up or down).
  skyzoclop: `<path d="M24 6a18 18 0 0 0 0 36z" ${BODY} ${S}/><path d="M24 6a18 18 0 0 1 0 36z" ${DARK} ${S}/>${eye(24, 20, 8)}<path d="M16 32q8 5 16 0" fill="none" ${S}/><path d="M24 2v4" ${S}/>`,
  // A wrapped sweet with a face.
  kandhiii: `<path d="M4 14l8 10-8 10zM44 14l-8 10 8 10z" fill="#f7a8c4" ${S}/><ellipse cx="24" cy="24" rx="13" ry="12" ${BODY} ${S}/><path d="M14 16l20 16M18 12l18 14" stroke="#fff" stroke-width="2" opacity="0.7"/>${eye(19, 22, 3)}${eye(29, 22, 3)}<path d="M20 30q4 3 8 0" fill="none" ${S}/>`,
  // A haughty monster with a crown.
  priss: `<path d="M10 44V26a14 14 0 0 1 28 0v18z" ${BODY} ${S}/><path d="M12 14l4-10 5 6 3-8 3 8 5-6 4 10z" fill="#ffd166" ${S}/>${eye(19, 26, 3.5)}${eye(29, 26, 3.5)}<path d="M15 23l6-1M27 22l6 1" ${S}/><path d="M20 36h8" ${S}/>`,
  // A head wrapped in bandages, one eye peeking.
  mummy: `<rect x="10" y="6" width="28" height="38" rx="12" fill="#efe6d2" ${S}/><path d="M10 16l28-6M10 26l28-8M10 36l28-8M12 42l24-6" stroke="hsl(var(--hue) 30% 55%)" stroke-width="3"/>${eye(20, 22, 4)}<path d="M27 22h6" ${S}/>`,
};

// Tokens as they sit on a card or beside a player.
/** @type {Record<string, string>} */
export const TOKEN_PICTURES = {
  coffee: `<circle cx="24" cy="24" r="20" fill="#8b5a2b" ${S}/><ellipse cx="24" cy="24" rx="8" ry="13" fill="#4a2c1a" transform="rotate(25 24 24)"/><path d="M20 13q8 10 8 22" fill="none" stroke="#d9a066" stroke-width="3" stroke-linecap="round"/>`,
  cookie: `<circle cx="24" cy="24" r="20" fill="#e0a458" ${S}/><circle cx="17" cy="17" r="3" fill="#5a3826"/><circle cx="30" cy="20" r="3" fill="#5a3826"/><circle cx="21" cy="31" r="3" fill="#5a3826"/><circle cx="32" cy="32" r="2.5" fill="#5a3826"/>`,
  whipped_cream: `<path d="M8 40h32l-3-8H11z" fill="#f3e5cc" ${S}/><path d="M11 32q-5-8 4-11-2-9 9-10 2-7 6-7-1 7 5 9 7 4 0 11 8 2 2 8z" fill="#fff" ${S}/>`,
  droppings: `<path d="M8 40h32q4-8-4-10 4-8-6-10 2-10-8-12 2 6-4 8-8 2-4 8-8 4-6 16z" fill="#7a4a22" ${S}/>`,
  mummy: `<circle cx="24" cy="24" r="20" fill="#efe6d2" ${S}/><path d="M8 18l32-6M6 28l36-8M10 38l28-6" stroke="#b9a987" stroke-width="3"/><text x="24" y="31" text-anchor="middle" font-size="18" font-weight="700" fill="currentColor">?</text>`,
};

/** @param {string} kind a token's id (coffee, cookie...) */
export function tokenIcon(kind) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("class", "token-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = TOKEN_PICTURES[kind] || TOKEN_PICTURES.coffee;
  return svg;
}
