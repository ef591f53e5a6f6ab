"""/manage/<club>/organisers/add/: another existing account becomes an organiser."""

from django.contrib.auth.models import User

from sueca_club.models import Membership


def add(client, club, who):
    return client.post(f"/manage/{club.slug}/organisers/add/", {"who": who})


def test_it_sends_anonymous_visitors_to_log_in(client, club):
    response = add(client, club, "rui")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_it_answers_404_to_an_organiser_of_another_club(client, other_organiser, club):
    client.force_login(other_organiser)
    assert add(client, club, "rui").status_code == 404
    assert not club.memberships.filter(user=other_organiser).exists()


def test_it_only_accepts_posts(organiser_client, club):
    assert organiser_client.get(f"/manage/{club.slug}/organisers/add/").status_code == 405


def test_it_adds_an_organiser_by_username(organiser_client, organiser, club, other_organiser):
    response = add(organiser_client, club, "rui")
    assert response.status_code == 302
    membership = Membership.objects.get(club=club, user=other_organiser)
    assert membership.added_by == organiser


def test_it_adds_an_organiser_by_email_whatever_its_capitals(organiser_client, club,
                                                             other_organiser):
    add(organiser_client, club, "RUI@Example.com")
    assert club.memberships.filter(user=other_organiser).exists()


def test_it_says_when_no_account_matches(organiser_client, club):
    response = add(organiser_client, club, "nobody@example.com")
    assert response.status_code == 200
    assert "No account has the username or email" in response.content.decode()
    assert club.memberships.count() == 1


def test_it_says_when_the_person_is_already_an_organiser(organiser_client, club):
    response = add(organiser_client, club, "ana")
    assert "ana is already an organiser of this club." in response.content.decode()
    assert club.memberships.count() == 1


def test_it_asks_for_the_username_when_an_email_is_shared(organiser_client, club):
    User.objects.create_user("eva", "shared@example.com")
    User.objects.create_user("eve", "shared@example.com")
    response = add(organiser_client, club, "shared@example.com")
    assert "type the exact username" in response.content.decode()
    assert club.memberships.count() == 1
