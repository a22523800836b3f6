"""Textes français des donnes vérifiables : l'empreinte, la preuve, les codes de donne."""

TEXTS: dict[str, str] = {
    "deal.fingerprint_line": "Empreinte du paquet : {words}",
    "deal.show": "D : Montrer la donne",
    "deal.title": "La donne de la manche {n}",
    "deal.upcard": "Retournée",
    "deal.stock": "Pioche, dans l'ordre",
    "deal.code": "Code de la donne : {code}",
    "deal.no_code": "Les donnes de cette partie n'ont pas de code",
    "deal.nonce": "Nonce : {nonce}",
    "deal.fingerprint": "Empreinte montrée à la donne : {words}",
    "deal.matches": "Le paquet était fixé avant la première carte distribuée : l'empreinte correspond.",
    "deal.mismatch": "L'empreinte ne correspond pas à cette donne.",
    "deal.back": "Échap ou Entrée : retour aux scores",
    "deal.from_code": "Donner à partir d'un code",
    "deal.code_placeholder": "facultatif, par ex. k7m2-q9rt-xw4hz",
    "deal.code_error.length": "Un code de donne a 13 lettres et chiffres",
    "deal.code_error.symbol": "Un code de donne n'a que les chiffres 2 à 9 et les lettres a à z sans i, l ni o",
    "deal.code_error.check": "Ce code de donne a une faute de frappe",
    "stats.redeal": "redonne",
    "stats.redeals": "Redonnes (jouées à partir d'un code, comptées à part) : {n}",
    "rules.shuffle_page": "Comment les cartes sont mélangées",
}
