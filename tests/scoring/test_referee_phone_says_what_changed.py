"""A referee's phone that finds its match moved on another screen (static/js/referee.js loads
`?changed=1`) says what moved it, and who: the organiser's correction of deal 1 with its points
before and after, a void, or a deal a second phone recorded, where it said only that something
changed and left the table to guess which deal."""

from django.urls import reverse

from scoring import engine, services


def _changed(client, link):
    response = client.get(reverse("referee:page", args=[link.token]) + "?changed=1")
    assert response.status_code == 200
    return response.content.decode()


def _record(match, points, key, link=None):
    services.deal_record(match_id=match.pk, deal=engine.deal_from({"points": points}), key=key,
                         link=link)


def test_an_organisers_correction_is_named_with_its_deal_and_scores(client, referee_link,
                                                                      organiser):
    match = referee_link.match
    _record(match, [70, 50], "1", referee_link)
    _record(match, [95, 25], "2", referee_link)
    services.deal_correct(deal=match.deals.get(number=1),
                          replacement=engine.deal_from({"points": [50, 70]}), reason="typo",
                          user=organiser)
    text = _changed(client, referee_link)
    assert ("Changed on another screen (ana): deal corrected · deal 1, 70–50 → 50–70. "
            "The score is as saved now.") in text


def test_a_deal_from_a_second_phone_is_named_as_such(client, referee_link):
    match = referee_link.match
    second = match.referee_links.create(club=match.club)
    _record(match, [95, 25], "1", second)
    text = _changed(client, referee_link)
    assert "Changed on another screen (another phone): deal recorded · deal 1, 95–25." in text


def test_this_phones_own_deals_are_not_what_changed(client, referee_link, organiser):
    match = referee_link.match
    _record(match, [95, 25], "1", referee_link)
    services.deal_void(deal=match.deals.get(number=1), reason="never played", user=organiser)
    _record(match, [70, 50], "2", referee_link)
    text = _changed(client, referee_link)
    assert "Changed on another screen (ana): deal voided · deal 1, 95–25." in text


def test_a_page_loaded_plainly_says_nothing_changed(client, referee_link):
    _record(referee_link.match, [95, 25], "1")
    text = _changed(client, referee_link).replace("?changed=1", "")
    plain = client.get(reverse("referee:page", args=[referee_link.token])).content.decode()
    assert "data-changed" in text and "data-changed" not in plain


def test_who_deals_chosen_elsewhere_names_the_dealer(client, referee_link, organiser):
    match = referee_link.match
    services.first_dealer_set(match_id=match.pk, seat=1, user=organiser)
    text = _changed(client, referee_link)
    dealer = match.players[1].name
    assert f"Changed on another screen (ana): first dealer chosen: {dealer} deals first." in text
