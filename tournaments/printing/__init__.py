"""What an organiser prints: each document described once (printables, in layout's terms) and
drawn as a print page (templates/tournaments/print/) or as a PDF (pdf)."""
