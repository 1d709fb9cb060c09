# The rpg kind's words that agree with the roller's gender ($gender: f | m), for templates/rpg/en/*.hbs.

# "Copy for the GM: <rolled> <name>" in an answer given at once.
rolled-by = rolled
