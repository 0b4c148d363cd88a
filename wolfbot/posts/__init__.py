"""Events → the German posts and private messages of the Spielleitung."""
