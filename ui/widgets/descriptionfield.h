#pragma once
// The selected tool's description — the text prompt engineers edit most — as a field of its
// own: word-wrapped, several lines tall, with its length in characters (and a rough token
// count) and the tool name's length against each wire's documented name limit (read from
// the dialect registry). Typing here edits the tool in the document; the JSON editor below
// follows.

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace tw::ui {

class DescriptionField : public QWidget {
    Q_OBJECT
public:
    explicit DescriptionField(QWidget* parent = nullptr);

    // Shows a tool's name and description (the field keeps its cursor when the text is the
    // same); `editable` false greys it out with `reason` as the tooltip.
    void showTool(const QString& name, const QString& description, bool editable, const QString& reason = {});
    QString description() const;
    QString countText() const; // "182 characters · ≈ 46 tokens"
    QString limitText() const; // the name against the wires' limits
    QPlainTextEdit* editor() const { return m_edit; }

Q_SIGNALS:
    void descriptionEdited(const QString& text);

private:
    void refreshCounts();

    QPlainTextEdit* m_edit;
    QLabel* m_count;
    QLabel* m_limits;
    QString m_name;
    bool m_loading = false;
};

} // namespace tw::ui
