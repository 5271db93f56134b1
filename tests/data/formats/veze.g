Sachove veze, ktere se vzajemne neohrozuji, 4!=24 reseni
:radky
1
1
1
1
:sloupce
1
1
1
1
:konec
