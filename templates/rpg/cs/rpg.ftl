# The rpg kind's words that agree with the roller's gender ($gender: f | m), for templates/rpg/cs/*.hbs.

# "Copy for the GM: <rolled> <name>" in an answer given at once.
rolled-by = { $gender ->
    [f] házela
   *[m] házel
}
