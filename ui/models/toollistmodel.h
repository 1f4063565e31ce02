#pragma once
// A list model over the document's tools (name, description tooltip, drag to reorder).
// It keeps its own snapshot of the rows so that begin/end notifications always bracket a
// consistent change, whatever order the document reports in.

#include <QAbstractListModel>

namespace tw::ui {

class ProjectDocument;

class ToolListModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit ToolListModel(ProjectDocument* doc, QObject* parent = nullptr); // doc not owned

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
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
    QList<Row> m_rows;
};

} // namespace tw::ui
