"""An action's address opened in the browser (a login that leads back to the button's
address, a link copied from the address bar) is a page that says nothing was done and leads
to the page the button is on, where it was an empty 405 the browser showed as its own blank
error. The API keeps its JSON refusal."""

from django.urls import reverse

NOTHING_DONE = "Nothing was done"


def test_the_first_dealer_address_leads_back_to_its_match(organiser_client, match):
    response = organiser_client.get(reverse("manage:first_dealer", args=[match.pk]))
    assert response.status_code == 405 and response["Allow"] == "POST"
    html = response.content.decode()
    assert NOTHING_DONE in html
    assert f'href="/manage/matches/{match.pk}/"' in html


def test_a_referee_save_address_leads_back_to_the_keypad(client, referee_link):
    response = client.get(f"/r/{referee_link.token}/deals/")
    assert response.status_code == 405
    assert f'href="/r/{referee_link.token}/"' in response.content.decode()


def test_the_api_still_refuses_in_json(client, referee_link):
    response = client.get(f"/api/v1/referee/{referee_link.token}/deals")
    assert response.status_code == 405
    assert response.json()["error"].startswith("This address of the API takes POST")
