"""The look of the cards and the table as data: plain numbers and shapes, no drawing library.

* `cards`  — colours, suit shapes, pip layout, index letters and the court pattern they carry
* `courts` — the court figures (jack, queen, king) as shapes, and the frame around them
* `table`  — the felts, the seats' colours, the gold of what is lit, the text's white

The window paints them with pygame (`ramigui.ui.cardart`, `ramigui.ui.courts`); the phone
page receives them as JSON and SVG (`ramigui.phone.look`, `ramigui.phone.court_svg`), so
`ramigui host` serves phones without pygame and both screens show one design.
"""
