tato barevna lustovka ma samozrejme 4 ruzna reseni
#deklarace
m:%  blue
1:*  black
:-----------
1m
1
1m
1
:-----------
1m
1
1m
1
:-----------