#pragma once
// A list model over the document's tools (name, description tooltip, drag to reorder,
// rename in place). A tool with an unsaved draft (Drafts) is marked: a warning icon,
// "(draft)" after its name, and the reason in the tooltip. It keeps its own snapshot of the
// rows so that begin/end notifications always bracket a consistent change, whatever order
// the document reports in. A badge says what lint found in a tool before anything is sent
// (the worst severity as the icon, the counts and the first message in the tooltip); the
// draft marker wins over it.

#include <QAbstractListModel>

#include <functional>

namespace tw::ui {

class ProjectDocument;
class Drafts;

class ToolListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        DraftRole = Qt::UserRole + 1, // bool: the row has an unsaved draft
        SeverityRole, // int: the worst finding, 0 error, 1 warning; -1 none
    };
    struct Badge {
        int severity = -1; // 0 error, 1 warning, -1 none
        int errors = 0;
        int warnings = 0;
        QString first; // the first finding's message (the worst severity's)
        friend bool operator==(const Badge&, const Badge&) = default;
    };
    // A rename from the view (double-click, F2); true when it was taken.
    using RenameHandler = std::function<bool(int row, const QString& name)>;

    // doc and drafts are not owned; drafts may be null (no markers).
    explicit ToolListModel(ProjectDocument* doc, const Drafts* drafts = nullptr, QObject* parent = nullptr);
    void setRenameHandler(RenameHandler handler) { m_rename = std::move(handler); }
    // One badge per row (rows past the list's end have none); rows whose badge changed are
    // reported changed.
    void setBadges(QList<Badge> badges);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    Qt::DropActions supportedDropActions() const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) override;

private:
    struct Row {
        QString name;
        QString description;
    };
    Row rowFor(int index) const;
    void reload();

    ProjectDocument* m_doc; // not owned
    const Drafts* m_drafts; // not owned
    RenameHandler m_rename;
    QList<Row> m_rows;
    QList<Badge> m_badges;
};

} // namespace tw::ui
