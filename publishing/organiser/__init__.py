"""The organiser's publishing pages: publication, prizes and prints, exports, the players' ranking and its palmarès."""
