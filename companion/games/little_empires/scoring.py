"""The scoring rules as pure functions of counts, so each reads like its paragraph of the
rulebook and is tested number for number."""
from __future__ import annotations

from typing import Mapping, Sequence


def region_bonus(counts: Mapping[str, int], first: int, second: int) -> dict[str, int]:
    """«Бонусные очки за регионы»: the most provinces take the larger value, the next the
    smaller. «Если несколько игроков контролируют одинаковое наибольшее число провинций,
    все они получают очки по меньшему значению региона. Другие игроки не получают бонусные
    очки.» «Если первое место определено, но есть несколько претендентов на второе, все
    они получают очки по меньшему значению». «Игрок, который не контролирует ни одной
    провинции в регионе, не может получить бонусные очки»."""
    ranked = sorted({n for n in counts.values() if n > 0}, reverse=True)
    if not ranked:
        return {}
    leaders = [seat for seat, n in counts.items() if n == ranked[0]]
    if len(leaders) > 1:
        return {seat: second for seat in leaders}
    points = {leaders[0]: first}
    if len(ranked) > 1:
        points.update({seat: second for seat, n in counts.items() if n == ranked[1]})
    return points


def heavenly(colours: Sequence[str], points: Sequence[int]) -> int:
    """«получите 1, 3 или 5 победных очков, если контролируете 1, 2 или 3 небесных святилища
    одного цвета соответственно. Подсчитайте очки за святилища каждого цвета»."""
    most = len(points) - 1
    return sum(points[min(colours.count(colour), most)] for colour in set(colours))


def influence_points(significance: int, cards: int) -> int:
    """«умножьте значимость из правой колонки на суммарное число разыгранных карт судьбы с
    этим регионом»; «Регион без разыгранных карт судьбы не приносит победных очков»."""
    return significance * cards


def resource_points(resources: int, per_point: int) -> int:
    """«Каждые 3 любых непотраченных жетона ресурсов приносят 1 победное очко»."""
    return resources // per_point


def ranking(totals: Mapping[str, tuple[int, int, int]]) -> tuple[list[str], list[str]]:
    """The seats best first, and the winners: «больше всего очков»; «В случае ничьей
    побеждает претендент с наименьшим числом армий на поле. Если всё ещё ничья, то …
    с наибольшим числом ресурсов … Если по-прежнему ничья, то побеждают все претенденты».
    ``totals`` holds (points, armies on the board, resources) per seat."""
    key = {seat: (-points, armies, -resources) for seat, (points, armies, resources) in totals.items()}
    order = sorted(totals, key=lambda seat: key[seat])
    return order, [seat for seat in order if key[seat] == key[order[0]]]


def next_order(order: Sequence[str], vp: Mapping[str, int]) -> list[str]:
    """«в следующей эпохе игрок с наименьшим числом победных очков будет ходить первым …
    Если у нескольких игроков одинаковое число победных очков, смените очередность их хода
    на обратный порядок по сравнению с заканчивающейся эпохой»."""
    return sorted(order, key=lambda seat: (vp[seat], -order.index(seat)))
