"""What a request asked, as a short fingerprint: a retry that asks the same gets the first
answer, a key or form token reused for something else is refused (scoring/services.py,
sueca_club/formtokens.py)."""

import hashlib
import json


def digest(asked) -> str:
    """The SHA-256 of `asked` (JSON-able) as canonical JSON: key order does not count."""
    text = json.dumps(asked, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()
