"""Play in the terminal: a Textual app over any registered game (`cardcafe play`)."""
