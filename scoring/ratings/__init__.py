"""Club ratings: `arithmetic` (plain values, no Django) and `services` (stored, after results)."""
