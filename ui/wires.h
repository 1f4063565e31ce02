#pragma once
// The wires the UI shows, in tab order. shownWires() is the one place the UI enumerates
// wires (the tabs, their diff targets, the preset's wire picker); views address a wire by
// its index in that list and take its label from core (tw::wire::label), so no wire is
// named in UI code and adding one to core needs no UI change.

#include "wire/wire.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace tw::ui {

const std::vector<wire::Wire>& shownWires();
QString wireLabel(std::size_t index); // index into shownWires()

// What a wire tab compares its content with. The kinds are distinct from any wire index, so
// "the last request sent" can never be mistaken for a wire, however many there are.
struct DiffTarget {
    enum class Kind {
        None,
        Wire,
        LastSent
    };
    Kind kind = Kind::None;
    std::size_t wire = 0; // Kind::Wire only: the index into shownWires()

    friend bool operator==(const DiffTarget&, const DiffTarget&) = default;
};

} // namespace tw::ui
