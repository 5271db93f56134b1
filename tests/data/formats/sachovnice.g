tato lustovka ma samozrejme 2 ruzna reseni (sachovnice)
:-----------
1 1
1 1
1 1
1 1
:-----------
1 1
1 1
1 1
1 1
:-----------