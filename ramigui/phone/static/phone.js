// ramigui — one seat's hand on a phone.
//
// The page knows no rule. It shows the seat's state (its view, sent by the table as JSON),
// lights the places a selection may go by looking the selection up in the state's `legal`
// moves, and sends the move the player means, in the move notation, to `move`: the table
// plays it through the rules or answers with the reason it refused. Live updates come by
// Server-Sent Events (`events`); nothing is polled. Texts and the card design come from the
// table (`page`), so the page says what the table says, in the same language and look.
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const SUITS = "SHDC";
  const DRAG_START = 8;
  const $ = (id) => document.getElementById(id);

  const S = {
    page: null,        // {lang, strings, look, table}
    state: null,       // the seat's state (viewjson)
    order: [],         // the hand as shown: card names in the player's order
    selected: new Set(), // indices into `order`
    sort: "suit",
    wasMyTurn: false,
    sending: false,
    press: null,       // a pointer press on a hand card that may become a drag
    drag: null,        // {cards, indices, ghost, over}
    audio: null,
    refusalTimer: 0,
    notice: "",        // what the floating box says: "refusal", "penalty" (a forgotten Carte !) or ""
    stream: null,
    screen: null,      // this page's stream generation (its events' id): said with each move
    replaced: false,   // a newer page took the seat: this one plays no more until taken back
    fresh: null,       // the card this turn's draw or take brought (its tab, as at the table)
    penalised: [],     // the cards a forgotten "Carte !" brought (their tabs), until this seat's next move
  };
  try { S.sort = localStorage.getItem("ramigui.sort") || "suit"; } catch (e) { /* private mode */ }

  // --- words -----------------------------------------------------------------------------

  function t(key, params) {
    let text = (S.page && S.page.strings[key]) || key;
    for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  }

  // --- cards -----------------------------------------------------------------------------

  const RANKS = { A: 1, J: 11, Q: 12, K: 13 };

  function parseCard(name) {
    if (name === "JK") return { name, rank: 0, suit: "", joker: true };
    const suit = name.slice(-1);
    const text = name.slice(0, -1);
    return { name, rank: RANKS[text] || parseInt(text, 10), suit, joker: false };
  }

  function suitKey(name) {
    const c = parseCard(name);
    return c.joker ? [4, 99] : [SUITS.indexOf(c.suit), c.rank];
  }

  function rankKey(name) {
    const c = parseCard(name);
    return c.joker ? [99, 4] : [c.rank, SUITS.indexOf(c.suit)];
  }

  function byKey(key) {
    return (a, b) => {
      const ka = key(a), kb = key(b);
      return ka[0] - kb[0] || ka[1] - kb[1];
    };
  }

  function el(tag, attrs, parent) {
    const node = document.createElementNS(NS, tag);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function drawSuit(parent, suit, cx, cy, size, colour, flip) {
    const g = el("g", { transform: `translate(${cx} ${cy}) scale(${size} ${flip ? -size : size})`, fill: colour }, parent);
    for (const piece of S.page.look.suits[suit] || []) {
      if (piece.path) el("path", { d: piece.path }, g);
      else el("circle", { cx: piece.circle[0], cy: piece.circle[1], r: piece.circle[2] }, g);
    }
  }

  function indexText(parent, text, x, baseline, capHeight, maxWidth, colour) {
    const attrs = { x, y: baseline, fill: colour, "font-family": "RamiIndex, 'DejaVu Sans', Arial, sans-serif",
                    "font-weight": "bold", "font-size": (capHeight / 0.72).toFixed(2), "text-anchor": "middle" };
    if (text.length > 1) { attrs.textLength = maxWidth; attrs.lengthAdjust = "spacingAndGlyphs"; }
    el("text", attrs, parent).textContent = text;
  }

  function drawIndex(svg, card, letter, colour) {
    // The table's corner: rank over suit, 27% of the width, and its copy upside down.
    for (const turn of [false, true]) {
      const g = el("g", turn ? { transform: "rotate(180 50 70)" } : {}, svg);
      if (card.joker) {
        let y = 1.5 + 56 * 0.05;
        for (const ch of S.page.look.joker_index) {
          indexText(g, ch, 3 + 13.5, y + 7.3, 7.3, 7, colour);
          y += 56 * 0.18;
        }
      } else {
        indexText(g, letter, 3 + 13.5, 1.5 + 4.2 + 25, 25, 26.5, colour);
        drawSuit(g, card.suit, 3 + 13.5, 1.5 + 4.2 + 25 + 13.5, 20, colour, false);
      }
    }
  }

  function drawPips(svg, card, colour) {
    if (card.rank === 1) { drawSuit(svg, card.suit, 50, 70, 42, colour, false); return; }
    const xs = [40.5, 50, 59.5], top = 140 * 0.17, bottom = 140 * 0.83;
    for (const [col, row] of S.page.look.pips[String(card.rank)] || []) {
      drawSuit(svg, card.suit, xs[col], top + (bottom - top) * row, 12, colour, row > 0.5);
    }
  }

  function drawCrown(svg, cx, top, width, kind, colour, gold) {
    const h = width * 0.55, base = top + h;
    if (kind === 11) {
      el("ellipse", { cx, cy: top + h * 0.35 + h * 0.325, rx: width / 2, ry: h * 0.325, fill: colour }, svg);
      el("rect", { x: cx - width / 2, y: base - h * 0.22, width, height: h * 0.22, fill: gold }, svg);
      const feather = [[cx + width * 0.15, top + h * 0.45], [cx + width * 0.55, top - h * 0.2], [cx + width * 0.3, top + h * 0.5]];
      const black = S.page.look.suit_colour.S, red = S.page.look.joker[0];
      el("polygon", { points: feather.map((p) => p.join(",")).join(" "), fill: colour === black ? red : black }, svg);
      return;
    }
    const points = kind === 13 ? 5 : 3;
    const pts = [[cx - width / 2, base]];
    for (let i = 0; i <= points * 2; i++) {
      pts.push([cx - width / 2 + (width * i) / (points * 2), i % 2 === 1 ? top : top + h * (kind === 13 ? 0.55 : 0.45)]);
    }
    pts.push([cx + width / 2, base]);
    el("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: gold }, svg);
    el("rect", { x: cx - width / 2, y: base - h * 0.25, width, height: h * 0.25, fill: colour }, svg);
    for (let i = 0; i < points; i++) el("circle", { cx: cx - width / 2 + (width * (2 * i + 1)) / (points * 2), cy: top, r: width * 0.06, fill: colour }, svg);
  }

  function drawCourt(svg, card, letter, colour) {
    // The table's own figure (ramigui.art.courts written as SVG, sent with the page);
    // the old crown and letter only if the page data has none.
    const figure = (S.page.look.courts || {})[String(card.rank) + card.suit];
    if (figure) {
      el("image", { href: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(figure), x: 0, y: 0,
                    width: 100, height: 140, class: "court" }, svg);
      return;
    }
    const look = S.page.look;
    el("rect", { x: 32.5, y: 11.2, width: 35, height: 117.6, rx: 4, fill: look.paper, stroke: look.gold, "stroke-width": 1.8 }, svg);
    drawCrown(svg, 50, 11.2 + 9.8, 35 * 0.72, card.rank, colour, look.gold);
    indexText(svg, letter, 50, 70 - 26 * 0.45 + 26, 26, 31, colour);
  }

  function drawJoker(svg) {
    const [red, blue, green] = S.page.look.joker;
    const gold = S.page.look.gold;
    const cx = 54, cy = 70, s = 34;
    const tips = [[cx - s * 0.85, cy - s * 0.55], [cx, cy - s * 1.05], [cx + s * 0.85, cy - s * 0.55]];
    [red, blue, green].forEach((colour, i) => {
      const pts = [[cx - s * 0.45, cy + s * 0.2], tips[i], [cx + s * 0.45, cy + s * 0.2]];
      el("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: colour }, svg);
    });
    for (const [x, y] of tips) el("circle", { cx: x, cy: y, r: s * 0.11, fill: gold }, svg);
    el("rect", { x: cx - s * 0.55, y: cy + s * 0.25 - s * 0.13, width: s * 1.1, height: s * 0.26, rx: s * 0.08, fill: gold }, svg);
    for (let i = 0; i < 3; i++) el("circle", { cx: cx - s * 0.55 + (s * 1.1 * (i + 1)) / 4, cy: cy + s * 0.25, r: s * 0.06, fill: red }, svg);
    const fx = cx, fy = cy + s * 0.62;
    el("circle", { cx: fx, cy: fy, r: s * 0.3, fill: "#fae0c4" }, svg);
    el("path", { d: `M${fx - s * 0.15} ${fy + s * 0.03} Q${fx} ${fy + s * 0.2} ${fx + s * 0.15} ${fy + s * 0.03}`, stroke: red, "stroke-width": Math.max(1.4, s * 0.04), fill: "none" }, svg);
    for (const dx of [-0.1, 0.1]) el("circle", { cx: fx + dx * s, cy: fy - s * 0.06, r: s * 0.035, fill: "#1c1c22" }, svg);
  }

  function cardSVG(name, width) {
    const look = S.page.look;
    const card = parseCard(name);
    const svg = el("svg", { viewBox: "0 0 100 140", width, height: Math.round(width * look.ratio), "data-card": name,
                            role: "img", "aria-label": name });
    el("rect", { x: 0.6, y: 0.6, width: 98.8, height: 138.8, rx: 7.5, fill: look.paper, stroke: look.edge, "stroke-width": 1.2 }, svg);
    const colour = card.joker ? look.joker[0] : look.suit_colour[card.suit];
    const letter = look.letters[card.rank];
    if (card.joker) drawJoker(svg);
    else if (card.rank >= 11) drawCourt(svg, card, letter, colour);
    else drawPips(svg, card, colour);
    drawIndex(svg, card, letter, colour);
    return svg;
  }

  // On a joker in a meld, under its index (the part a fanned card always shows), a cream
  // label with the card it stands for, as the table's badge: "V♦", or a set's "V ♦♣".
  // The label fills the strip a fanned card shows (its left 48 of 100 units), a set's rank
  // over the suits it may be: on a 34 px meld card the old label's letters were 5 px tall.
  function jokerBadge(svg, label) {
    const look = S.page.look;
    const badge = el("g", { class: "joker-badge" }, svg);
    el("rect", { x: 1, y: 40, width: 46, height: 72, rx: 5, fill: "#fff4d2", stroke: look.joker[0], "stroke-width": 2 },
       badge);
    const [rank, suits] = label.includes(" ") ? label.split(" ") : [label, ""];
    const lines = suits ? [[rank, 30, 72], [suits, suits.length > 2 ? 15 : 22, 100]] : [[rank, rank.length > 2 ? 24 : 32, 86]];
    // Each suit in its colour, as on the cards and the table's badge (a set's "K ♠♦" read
    // all black); a run's label in its suit's colour.
    const letter = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
    const colourOf = (symbol) => (look.suit_colour && look.suit_colour[letter[symbol]]) || "#222";
    for (const [words, size, y] of lines) {
      const symbols = [...words].filter((c) => letter[c]);
      const fill = words !== suits && symbols.length === 1 ? colourOf(symbols[0]) : "#222";
      const text = el("text", { x: 24, y, "text-anchor": "middle", "font-size": size, "font-weight": "bold",
                                fill, "font-family": "sans-serif" }, badge);
      if (words === suits) {
        for (const c of words) el("tspan", { fill: letter[c] ? colourOf(c) : "#222" }, text).textContent = c;
      } else {
        text.textContent = words;
      }
    }
  }

  function backSVG(width) {
    const look = S.page.look;
    const [dark, light] = look.back;
    const svg = el("svg", { viewBox: "0 0 100 140", width, height: Math.round(width * look.ratio), role: "img" });
    el("rect", { x: 0.6, y: 0.6, width: 98.8, height: 138.8, rx: 7.5, fill: look.paper, stroke: look.edge, "stroke-width": 1.2 }, svg);
    const field = el("svg", { x: 8, y: 8, width: 84, height: 124, viewBox: "0 0 84 124" }, svg);
    el("rect", { x: 0, y: 0, width: 84, height: 124, rx: 5, fill: dark }, field);
    const step = 84 / 9;
    for (let off = -124; off < 84 + 124; off += step) {
      el("line", { x1: off, y1: 0, x2: off + 124, y2: 124, stroke: light, "stroke-width": 1.1 }, field);
      el("line", { x1: off, y1: 124, x2: off + 124, y2: 0, stroke: light, "stroke-width": 1.1 }, field);
    }
    el("circle", { cx: 50, cy: 70, r: 25, fill: look.paper, stroke: look.gold, "stroke-width": 1.5 }, svg);
    [..."SHDC"].forEach((suit, i) => {
      const angle = Math.PI / 4 + (i * Math.PI) / 2;
      const colour = suit === "H" || suit === "D" ? look.suit_colour.H : dark;
      drawSuit(svg, suit, 50 + Math.cos(angle) * 11.25, 70 + Math.sin(angle) * 11.25, 13.75, colour, false);
    });
    return svg;
  }

  // --- moves: what the selection may do, read from the state's legal moves -------------------

  function parseMove(text) {
    const words = text.split(" ");
    const kind = words[0];
    if (kind === "layoff") return { kind, cards: words.slice(1, -2), meld: +words[words.length - 1] };
    if (kind === "swap") return { kind, cards: words.slice(1, -4), meld: +words[words.length - 1] };
    if (kind === "take" && words.length === 4) return { kind: "take_meld", cards: [words[1]], meld: +words[3] };
    if (kind === "score" || kind === "cross") return { kind, cards: [], word: words[1] };
    return { kind, cards: words.slice(1) };
  }

  function sameCards(a, b) {
    if (a.length !== b.length) return false;
    const x = [...a].sort(), y = [...b].sort();
    return x.every((card, i) => card === y[i]);
  }

  function legal() { return (S.state && S.state.legal) || []; }
  function legalKinds() { return new Set(legal().map((m) => m.split(" ")[0])); }

  // The legal moves that putting `cards` on `target` means (several: ask which one).
  function movesFor(target, cards) {
    const found = [];
    for (const text of legal()) {
      const m = parseMove(text);
      if (target.kind === "stock" && m.kind === "draw" && cards.length === 0) found.push(text);
      else if (target.kind === "discard") {
        if (cards.length === 0 && m.kind === "take" && m.cards.length === 0) found.push(text);
        if (cards.length === 1 && ["discard", "knock", "gin"].includes(m.kind) && m.cards[0] === cards[0]) found.push(text);
      } else if (target.kind === "newmeld" && m.kind === "meld" && sameCards(m.cards, cards)) found.push(text);
      else if (target.kind === "meld" && (m.kind === "layoff" || m.kind === "swap") && m.meld === target.meld && cards.length && sameCards(m.cards, cards)) found.push(text);
    }
    return found;
  }

  // What the player meant when no legal move matches: sent anyway, so the rules say why not.
  function guessMove(target, cards) {
    if (target.kind === "stock") return "draw";
    if (target.kind === "discard") return cards.length ? "discard " + cards.join(" ") : "take";
    if (target.kind === "newmeld") return cards.length ? "meld " + meldOrder(cards).join(" ") : null;
    if (target.kind === "meld") {
      if (!cards.length) return null;
      const meld = ((S.state.public || {}).melds || [])[target.meld - 1];
      const stands = (meld && meld.joker_cards) || [];
      // cards a joker of the meld stands for: a swap, answered with the swap's own reason
      if (stands.length && cards.every((c) => stands.includes(c))) return `swap ${cards.join(" ")} for joker in ${target.meld}`;
      return `layoff ${cards.join(" ")} to ${target.meld}`;
    }
    return null;
  }

  function targetOf(node) {
    const found = node && node.closest ? node.closest(".target") : null;
    if (!found) return null;
    const kind = found.dataset.target;
    return { kind, meld: kind === "meld" ? +found.dataset.meld : 0, node: found };
  }

  function selectedCards() {
    return [...S.selected].sort((a, b) => a - b).map((i) => S.order[i]);
  }

  function playOn(target, cards) {
    if (!S.state || target.kind === "hand") return;
    if (target.kind === "discard" && cards.length > 1) {
      showRefusal(t("table.refused", { reason: t("reason.discard_one_card") }));
      return;
    }
    let found = movesFor(target, cards);
    if (found.length > 1 && target.kind !== "discard") {
      // A new meld's jokers go where they sit in the hand, as at the table (J♠ Q♠ JK: J-Q-K).
      const meant = "meld " + meldOrder(cards).join(" ");
      found = [found.find((m) => m === meant) || found[0]];
    }
    if (found.length > 1) {
      const labels = { discard: "button.discard", knock: "button.knock", gin: "button.gin" };
      ask(t("table.gin.discard_or_knock"), found.map((m) => [t(labels[m.split(" ")[0]] || m), m]));
      return;
    }
    const move = found[0] || guessMove(target, cards);
    if (move) confirmThenSend(move, cards);
  }

  function meldOrder(cards) {
    const naturals = cards.filter((c) => c !== "JK").sort(byKey(suitKey));
    let next = 0;
    return cards.map((c) => (c === "JK" ? c : naturals[next++]));
  }

  function confirmThenSend(move, cards) {
    const kind = move.split(" ")[0];
    const hand = (S.state && S.state.hand) || [];
    if (["meld", "layoff", "swap", "discard"].includes(kind) && cards.length >= hand.length && legal().includes(move)) {
      ask(t("table.ask_go_out"), [[t("common.yes"), move], [t("common.no"), null]]);
      return;
    }
    send(move);
  }

  async function send(move) {
    if (S.sending) return;
    S.sending = true;
    window.ramiguiLastSend = { move, at: Date.now() };
    try {
      const said = S.screen === null ? { move } : { move, screen: S.screen };
      const reply = await fetch("move", { method: "POST", headers: { "Content-Type": "application/json" },
                                          body: JSON.stringify(said), cache: "no-store" });
      const body = await reply.json().catch(() => ({}));
      if (reply.ok) {
        S.selected.clear();
        if (S.notice !== "penalty") showRefusal("");  // a penalty the stream just told stays
        apply(body);
      } else {
        showRefusal(body.message || body.reason || t("phone.offline"));
      }
    } catch (e) {
      showRefusal(t("phone.offline"));
    } finally {
      S.sending = false;
    }
  }

  function showRefusal(text, kind = "refusal") {
    const box = $("refusal");
    S.notice = text ? kind : "";
    clearTimeout(S.refusalTimer);
    box.textContent = text;
    box.hidden = !text;
    if (text) S.refusalTimer = setTimeout(() => { box.hidden = true; }, 6000);
  }

  function ask(question, answers, cancel = true) {
    $("dialog-text").textContent = question;
    const row = $("dialog-buttons");
    row.replaceChildren();
    if (cancel) answers.push([t("button.cancel"), null]);
    const seen = new Set();
    answers.forEach(([label, move], i) => {
      if (seen.has(label)) return;
      seen.add(label);
      const b = document.createElement("button");
      b.textContent = label;
      if (i === 0) b.className = "main";
      b.addEventListener("click", () => { $("dialog").hidden = true; if (move) send(move); });
      row.appendChild(b);
    });
    $("dialog").hidden = false;
  }

  // --- the hand's order (as the table keeps it: the player's order, new cards placed) ---------

  function arranged(cards, mode) {
    if (mode === "melds" && S.state && S.state.help && S.state.help.by_melds) {
      const rest = [...cards];
      const out = [];
      for (const card of S.state.help.by_melds) {
        const i = rest.indexOf(card);
        if (i >= 0) { out.push(card); rest.splice(i, 1); }
      }
      return out.concat(rest);
    }
    return [...cards].sort(byKey(mode === "rank" ? rankKey : suitKey));
  }

  function isArranged(cards) {
    const again = arranged(cards, S.sort);
    return again.every((card, i) => card === cards[i]);
  }

  function syncOrder(hand) {
    const left = [...hand];
    const kept = [];
    for (const card of S.order) {
      const i = left.indexOf(card);
      if (i >= 0) { kept.push(card); left.splice(i, 1); }
    }
    const changed = left.length > 0 || kept.length !== S.order.length;
    if (!kept.length || (left.length && isArranged(kept))) S.order = arranged(kept.concat(left), S.sort);
    else S.order = kept.concat(left);
    if (changed) S.selected.clear();
  }

  function sortModes() {
    return S.state ? S.state.page.sorts : ["suit", "rank"];
  }

  function nextSort() {
    const modes = sortModes();
    return modes[(modes.indexOf(S.sort) + 1) % modes.length];
  }

  // --- drawing the state -------------------------------------------------------------------

  function apply(state) {
    if (!state || typeof state !== "object" || !Array.isArray(state.hand)) return;
    // A move's answer can arrive after newer states from the stream: keep the newest.
    if (S.state && state.version < S.state.version) return;
    const turnStarts = state.my_turn && !S.wasMyTurn;
    S.fresh = freshCard(S.state, state);
    const penalty = penaltyCards(S.state, state);
    S.state = state;
    S.wasMyTurn = state.my_turn;
    syncOrder(state.hand);
    render();
    if (turnStarts) yourTurn();
    if (penalty) showRefusal(state.penalty.line, "penalty");  // said where the eyes are, as the table does
    document.body.dataset.version = String(state.version);
  }

  // A forgotten "Carte !" (seed 000): the cards it brought, the hand's growth past the discard,
  // marked until this seat's next move; true when it has just come, to be said once.
  function penaltyCards(before, after) {
    const told = after.penalty;
    if (!told) { S.penalised = []; return false; }
    if (before && before.penalty && before.penalty.at === told.at) return false;
    const left = [...after.hand];
    for (const card of (before ? before.hand : [])) {
      const i = left.indexOf(card);
      if (i >= 0) left.splice(i, 1);
    }
    S.penalised = left.length === told.cards ? left : [];
    return true;
  }

  // The card a draw or take just brought: one card more in the hand on this seat's turn
  // (a newcomer never knew which card "Vous avez pioché" had brought). Kept while the turn
  // goes on and the card stays in hand, as the table's green tab is.
  function freshCard(before, after) {
    if (!after.my_turn || !before || before.round_no !== after.round_no) return null;
    const left = [...after.hand];
    for (const card of before.hand) {
      const i = left.indexOf(card);
      if (i >= 0) left.splice(i, 1);
    }
    if (left.length === 1 && after.hand.length === before.hand.length + 1) return left[0];
    return S.fresh && after.hand.includes(S.fresh) ? S.fresh : null;
  }

  function render() {
    const st = S.state;
    if (!st) return;
    const me = st.names[st.seat];
    $("title").textContent = `${st.variant.name} · ${t("table.round", { n: st.round_no })} · ${me}`;
    document.title = (st.my_turn ? "● " : "") + `${me} — ${t("app.title")}`;
    const prompt = $("prompt");
    const guide = st.guide;
    prompt.textContent = st.paused ? t("phone.paused") : guide ? `${guide.progress} · ${guide.say}` : st.prompt;
    prompt.classList.toggle("mine", !!st.my_turn);
    prompt.classList.toggle("guide", !!guide);
    renderRoundEnd(st);
    renderSeats(st);
    renderPiles(st);
    renderCounter(st);
    $("deal-print").textContent = st.deal_print ? t("deal.fingerprint_line", { words: st.deal_print }) : "";
    renderMelds(st);
    renderBoxes(st);
    renderMoves(st);
    renderButtons(st);
    renderHand();
    light();
    fitMoves();
  }

  function seatColour(seat) {
    const colours = S.page.table.seats;
    return colours[seat % colours.length];
  }

  function renderSeats(st) {
    const row = $("seats");
    row.replaceChildren();
    for (let s = 0; s < st.players; s++) {
      const chip = document.createElement("div");
      chip.className = "seat" + (s === st.to_play && !st.round_over ? " to-play" : "");
      const dot = document.createElement("span");
      dot.className = "dot";
      dot.style.background = seatColour(s);
      const name = document.createElement("b");
      name.textContent = s === st.seat ? t("table.you") : st.names[s];
      const n = document.createElement("span");
      n.className = "n";
      const count = st.hand_counts[s];
      const round = st.round_over && st.round_points && st.round_points.length ? ` (+${st.round_points[s]})` : "";
      n.textContent = `${count === 1 ? t("table.one_card") : t("table.cards", { n: count })} · ${st.running_scores[s]}${round}`;
      chip.append(dot, name, n);
      row.appendChild(chip);
    }
  }

  function pileWidth() { return Math.max(48, Math.min(84, Math.round(window.innerWidth * 0.15))); }

  function renderPiles(st) {
    const pub = st.public || {};
    const width = pileWidth();
    document.documentElement.style.setProperty("--pile-w", width + "px");
    const stock = $("stock");
    stock.replaceChildren();
    const count = typeof pub.stock === "number" ? pub.stock : 0;
    if (count > 0) stock.appendChild(backSVG(width));
    else stock.appendChild(Object.assign(document.createElement("div"), { className: "empty" }));
    stock.appendChild(Object.assign(document.createElement("span"), { className: "count", textContent: String(count) }));
    stock.setAttribute("aria-label", t("table.stock"));
    const discard = $("discard");
    discard.replaceChildren();
    const pile = pub.discard || [];
    if (pile.length) discard.appendChild(cardSVG(pile[pile.length - 1], width));
    else discard.appendChild(Object.assign(document.createElement("div"), { className: "empty" }));
    discard.appendChild(Object.assign(document.createElement("span"), { className: "count", textContent: String(pile.length) }));
    discard.setAttribute("aria-label", t("table.discard"));
  }

  function renderRoundEnd(st) {
    // Who won the round and how each score is made up, as the table's round-end panel says
    // it: the seat list's "(+190)" alone did not say it was 90 in hand + 100 never laid down.
    const box = $("round-end");
    const end = st.round_over && st.round_end;
    box.hidden = !end;
    box.replaceChildren();
    if (!end) return;
    const lead = document.createElement("b");
    lead.textContent = end.summary;
    box.appendChild(lead);
    for (const text of end.lines) {
      const line = document.createElement("div");
      line.textContent = text;
      box.appendChild(line);
    }
  }

  function renderCounter(st) {
    const box = $("counter");
    const help = st.help || {};
    box.className = "";
    box.textContent = "";
    if (st.round_over) return;  // "Deadwood 21 / 10" said nothing once the hand was over
    if (help.opening) {
      box.textContent = t("table.opening", { have: help.opening.have, need: help.opening.need });
      box.className = help.opening.have >= help.opening.need ? "good" : "pending";
    } else if (typeof help.deadwood === "number" && st.hand.length) {
      box.textContent = t("table.gin.deadwood", { n: help.deadwood, limit: help.knock_limit });
      box.className = help.deadwood <= help.knock_limit ? "good" : "pending";
    }
  }

  function miniWidth() { return Math.max(34, Math.min(60, Math.round(window.innerWidth * 0.1))); }

  function renderMelds(st) {
    const row = $("melds");
    row.replaceChildren();
    const width = miniWidth();
    document.documentElement.style.setProperty("--mini-w", width + "px");
    const takes = new Map();
    for (const text of legal()) {
      const m = parseMove(text);
      if (m.kind === "take_meld") takes.set(`${m.cards[0]}@${m.meld}`, text);
    }
    ((st.public || {}).melds || []).forEach((meld, i) => {
      const number = i + 1;
      const box = document.createElement("div");
      box.className = meld.pending ? "meld target pending" : "meld target";
      box.dataset.target = "meld";
      box.dataset.meld = String(number);
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = String(number);
      tag.style.background = seatColour(meld.owner || 0);
      meld.cards.forEach((card, k) => {
        const svg = cardSVG(card, width);
        const stands = (meld.jokers || [])[k];
        if (stands) jokerBadge(svg, stands);
        const take = takes.get(`${card}@${number}`);
        if (take) { svg.dataset.take = take; svg.classList.add("takeable"); }
        box.appendChild(svg);
      });
      box.appendChild(tag);
      if (meld.pending) {
        // Laid or changed this turn: only this phone sees it until the turn's discard.
        const note = document.createElement("span");
        note.className = "pending-note";
        note.textContent = t("phone.pending_meld");
        box.appendChild(note);
      }
      row.appendChild(box);
    });
    const fresh = $("newmeld");
    fresh.textContent = t("phone.new_meld");
    fresh.hidden = !legal().some((m) => m.startsWith("meld "));
  }

  function renderBoxes(st) {
    const grid = $("boxes");
    const boxes = (st.help && st.help.boxes) || [];
    grid.hidden = !boxes.length;
    grid.replaceChildren();
    if (!boxes.length) return;
    const title = document.createElement("h3");
    title.textContent = t("phone.boxes");
    grid.appendChild(title);
    for (const box of boxes) {
      const b = document.createElement("button");
      b.className = "box lit";
      b.dataset.move = box.move;
      const label = document.createElement("span");
      label.textContent = box.label;
      const points = document.createElement("small");
      points.textContent = box.points === null ? t("phone.cross") : t("phone.points", { n: box.points });
      b.append(label, points);
      b.addEventListener("click", () => send(box.move));
      grid.appendChild(b);
    }
  }

  function renderMoves(st) {
    const list = $("moves");
    list.replaceChildren();
    for (const line of (st.last_moves || []).slice(-4)) {  // oldest first, as on the big screen
      list.appendChild(Object.assign(document.createElement("li"), { textContent: line }));
    }
  }

  const KEPT_MOVES = 3;
  function fitMoves() {
    // The oldest lines go first when the table's part of the screen is full (the big screen
    // keeps the whole list), but the last few always stay: the list sits above the melds, so
    // they stay in sight while the melds scroll (dropped down to none, a full table hid what
    // the others had just played). Run once the hand and buttons are drawn, as they set
    // how tall the table's part is.
    const list = $("moves");
    const table = $("table");
    while (list.children.length > KEPT_MOVES && table.scrollHeight > table.clientHeight + 1) list.firstChild.remove();
  }

  function button(label, onClick, enabled, lit) {
    const b = document.createElement("button");
    b.textContent = label;
    b.disabled = !enabled;
    if (lit) b.className = "lit";
    b.addEventListener("click", onClick);
    return b;
  }

  function renderButtons(st) {
    const row = $("buttons");
    row.replaceChildren();
    const kinds = legalKinds();
    // a lesson: the guide's Show me (or Next after a note) comes first; the table plays it
    if (st.guide && st.guide.offer) row.appendChild(button(st.guide.label, () => send("show me"), true, true));
    if (kinds.has("next")) row.appendChild(button(t("button.next_round"), () => send("next"), true, true));
    // the family's own buttons for this phase, as the host's state describes them
    for (const b of st.page.buttons) {
      const legal = kinds.has(b.kind);
      if (b.only_when_legal && !legal) continue;
      const play = b.finish ? () => finish(b.kind) : () => send(b.kind);
      row.appendChild(button(t("button." + b.kind), play, legal, b.lit && legal));
    }
    row.appendChild(button(t("button.undo"), () => send("undo"), kinds.has("undo"), false));
    const sortButton = button(t("button.sort_" + nextSort()), () => {
      S.sort = nextSort();
      try { localStorage.setItem("ramigui.sort", S.sort); } catch (e) { /* private mode */ }
      S.order = arranged(S.order, S.sort);
      S.selected.clear();
      render();
    }, true, false);
    sortButton.id = "sort";
    row.appendChild(sortButton);
  }

  function finish(kind) {
    const cards = selectedCards();
    if (cards.length === 1) { send(`${kind} ${cards[0]}`); return; }
    const best = S.state.help && S.state.help.finish && S.state.help.finish[kind];
    if (best) send(best);
  }

  function handLayout(count) {
    const area = $("hand");
    const avail = Math.max(200, area.clientWidth);
    // a few cards are drawn big, but never taller than a fifth of the screen or so (one card
    // left at 320×568 was 113 px wide and squeezed the table)
    const big = Math.min(124, Math.round(window.innerHeight * 0.16));
    const overlap = 0.56;
    const widthFor = (n) => Math.min(big, Math.floor(avail / (1 + Math.max(0, n - 1) * overlap)));
    let rows = 1, perRow = Math.max(1, count), width = widthFor(perRow);
    if (width < 58 && count > 6) { rows = 2; perRow = Math.ceil(count / 2); width = widthFor(perRow); }
    const step = perRow > 1 ? Math.min(width * 1.04, (avail - width) / (perRow - 1)) : 0;
    const height = Math.round(width * S.page.look.ratio);
    const rowStep = Math.round(height * 0.58);
    const used = width + step * (perRow - 1);
    const left0 = Math.max(0, (avail - used) / 2);
    return { rows, perRow, width, height, step, rowStep, left0, total: height + rowStep * (rows - 1) };
  }

  function renderHand() {
    const area = $("hand");
    area.replaceChildren();
    const lay = handLayout(S.order.length);
    document.documentElement.style.setProperty("--card-w", lay.width + "px");
    area.style.height = lay.total + (lay.rows > 1 ? 28 : 20) + "px";  // room below for a second row's tab
    S.order.forEach((name, i) => {
      const row = Math.floor(i / lay.perRow), col = i % lay.perRow;
      const slot = document.createElement("div");
      const guided = S.state && S.state.guide && S.state.guide.lit.includes(name);
      const fresh = (name === S.fresh && S.order.indexOf(name) === i) ||
        (S.penalised.includes(name) && S.order.lastIndexOf(name) === i);
      slot.className = "card" + (S.selected.has(i) ? " selected" : "") + (guided ? " guided" : "") +
        (fresh ? " fresh" : "") + (fresh && row > 0 ? " low" : "");
      slot.dataset.index = String(i);
      slot.style.left = Math.round(lay.left0 + col * lay.step) + "px";
      slot.style.top = 16 + row * lay.rowStep + "px";
      slot.style.zIndex = String(i + 1);
      slot.appendChild(cardSVG(name, lay.width));
      area.appendChild(slot);
    });
  }

  // Light every place the selection (or a drag) may go, as the table does.
  function light(cards) {
    const chosen = cards || selectedCards();
    for (const node of document.querySelectorAll(".target")) {
      const target = targetOf(node);
      const lit = target.kind !== "hand" && S.state && S.state.my_turn && movesFor(target, chosen).length > 0;
      node.classList.toggle("lit", !!lit);
    }
    for (const node of document.querySelectorAll("svg.takeable")) node.classList.toggle("lit", !chosen.length);
  }

  // --- input: taps and drags ----------------------------------------------------------------

  function unlockAudio() {
    if (S.audio || !(window.AudioContext || window.webkitAudioContext)) return;
    try { S.audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (e) { S.audio = null; }
  }

  function yourTurn() {
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && touched) { try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed */ } }
    const audio = S.audio;
    if (!audio) return;
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    [[880, 0], [1320, 0.14]].forEach(([freq, at]) => {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.25, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.12);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.13);
    });
  }

  function onHandDown(event) {
    unlockAudio();
    const slot = event.target.closest(".card");
    if (!slot) return;
    S.press = { index: +slot.dataset.index, x: event.clientX, y: event.clientY, id: event.pointerId };
    try { $("hand").setPointerCapture(event.pointerId); } catch (e) { /* old browser */ }
  }

  function onHandMove(event) {
    const press = S.press;
    if (!press || press.id !== event.pointerId) return;
    if (!S.drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      const indices = S.selected.has(press.index) ? [...S.selected].sort((a, b) => a - b) : [press.index];
      const ghost = document.createElement("div");
      ghost.className = "ghost";
      const width = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) || 64;
      for (const i of indices) ghost.appendChild(cardSVG(S.order[i], width));
      document.body.appendChild(ghost);
      S.drag = { indices, cards: indices.map((i) => S.order[i]), ghost, over: null, width };
      light(S.drag.cards);
    }
    const drag = S.drag;
    drag.ghost.style.left = event.clientX - drag.width / 2 + "px";
    drag.ghost.style.top = event.clientY - drag.width * 0.7 + "px";
    const target = targetOf(document.elementFromPoint(event.clientX, event.clientY));
    const node = target ? target.node : null;
    if (drag.over !== node) {
      if (drag.over) drag.over.classList.remove("over");
      if (node && node.classList.contains("lit")) node.classList.add("over");
      drag.over = node;
    }
  }

  function onHandUp(event) {
    const press = S.press;
    if (!press || press.id !== event.pointerId) return;
    S.press = null;
    const drag = S.drag;
    S.drag = null;
    if (!drag) {
      if (S.selected.has(press.index)) S.selected.delete(press.index);
      else S.selected.add(press.index);
      renderHand();
      light();
      return;
    }
    drag.ghost.remove();
    if (drag.over) drag.over.classList.remove("over");
    const target = targetOf(document.elementFromPoint(event.clientX, event.clientY));
    if (target && target.kind === "hand") reorder(drag.indices, event.clientX, event.clientY);
    else if (target) playOn(target, drag.cards);
    light();
  }

  function reorder(indices, x, y) {
    // The dragged cards go where they were dropped: before the card nearest the drop point.
    let best = S.order.length, distance = Infinity;
    for (const slot of $("hand").querySelectorAll(".card")) {
      const box = slot.getBoundingClientRect();
      const d = Math.hypot(box.left + box.width * 0.3 - x, box.top + box.height / 2 - y);
      if (d < distance) { distance = d; best = +slot.dataset.index + (x > box.left + box.width * 0.3 ? 1 : 0); }
    }
    const moving = indices.map((i) => S.order[i]);
    const before = S.order.slice(0, best).filter((_, i) => !indices.includes(i));
    const after = S.order.slice(best).filter((_, i) => !indices.includes(i + best));
    S.order = before.concat(moving, after);
    S.selected = new Set(moving.map((_, k) => before.length + k));
    renderHand();
  }

  function onTableTap(event) {
    unlockAudio();
    if (!S.state) return;
    const take = event.target.closest("svg.takeable");
    if (take && S.selected.size === 0) { send(take.dataset.take); return; }
    const target = targetOf(event.target);
    if (!target || target.kind === "hand") return;
    if (!S.state.my_turn) { showRefusal(S.state.prompt); return; }
    playOn(target, selectedCards());
  }

  // --- the live connection -------------------------------------------------------------------

  function connect() {
    if (S.stream) S.stream.close();
    const stream = new EventSource("events");
    S.stream = stream;
    stream.addEventListener("open", () => { $("link").classList.remove("off"); });
    stream.addEventListener("state", (event) => {
      $("link").classList.remove("off");
      if (event.lastEventId) S.screen = Number(event.lastEventId);
      S.replaced = false;
      try { apply(JSON.parse(event.data)); } catch (e) { /* a broken event: the next one will do */ }
    });
    stream.addEventListener("closed", () => {
      stream.close();
      $("link").classList.add("off");
      $("prompt").textContent = t("phone.closed");
      $("buttons").replaceChildren();
    });
    stream.addEventListener("replaced", () => {
      stream.close();
      $("link").classList.add("off");
      S.replaced = true;  // no "Cancel": this page would look live and its moves are refused
      $("prompt").textContent = t("phone.elsewhere");
      $("buttons").replaceChildren();
      ask(t("phone.elsewhere"), [[t("phone.take_back"), null]], false);
      const again = $("dialog-buttons").firstChild;
      again.addEventListener("click", () => connect());
    });
    stream.addEventListener("error", () => { $("link").classList.add("off"); });
  }

  async function start() {
    try {
      const reply = await fetch("page", { cache: "no-store" });
      S.page = await reply.json();
    } catch (e) {
      $("prompt").textContent = "…";
      setTimeout(start, 2000);
      return;
    }
    document.documentElement.lang = S.page.lang;
    const root = document.documentElement.style;
    root.setProperty("--felt", S.page.table.felt[0]);
    root.setProperty("--rim", S.page.table.felt[1]);
    root.setProperty("--lit", S.page.table.lit);
    root.setProperty("--text", S.page.table.text);
    $("prompt").textContent = t("phone.connecting");
    const hand = $("hand");
    hand.addEventListener("pointerdown", onHandDown);
    hand.addEventListener("pointermove", onHandMove);
    hand.addEventListener("pointerup", onHandUp);
    hand.addEventListener("pointercancel", () => {
      if (S.drag) S.drag.ghost.remove();
      S.press = S.drag = null;
      light();
    });
    $("table").addEventListener("click", onTableTap);
    $("refusal").addEventListener("click", (event) => { event.stopPropagation(); showRefusal(""); });
    window.addEventListener("resize", () => render());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !S.replaced && (!S.stream || S.stream.readyState === EventSource.CLOSED)) connect();
    });
    connect();
  }

  start();
})();
