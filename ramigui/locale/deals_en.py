"""English texts of checkable deals: the fingerprint, the proof, deal codes."""

TEXTS: dict[str, str] = {
    "deal.fingerprint_line": "Deck fingerprint: {words}",
    "deal.show": "D: Show the deal",
    "deal.title": "The deal of round {n}",
    "deal.upcard": "Face up",
    "deal.stock": "Stock, in order",
    "deal.code": "Deal code: {code}",
    "deal.no_code": "This game's deals have no code",
    "deal.nonce": "Nonce: {nonce}",
    "deal.fingerprint": "Fingerprint shown at the deal: {words}",
    "deal.matches": "The deck was fixed before the first card was dealt: fingerprint matches.",
    "deal.mismatch": "The fingerprint does not match this deal.",
    "deal.back": "Esc or Enter: back to the scores",
    "deal.from_code": "Deal from a code",
    "deal.code_placeholder": "optional, e.g. k7m2-q9rt-xw4hz",
    "deal.code_error.length": "A deal code has 13 letters and digits",
    "deal.code_error.symbol": "A deal code uses only 2 to 9 and the letters a to z without i, l and o",
    "deal.code_error.check": "This deal code has a typing mistake",
    "stats.redeal": "re-deal",
    "stats.redeals": "Re-deals (played from a code, counted apart): {n}",
    "rules.shuffle_page": "How the cards are shuffled",
}
