#include "dialogs/versionsdialog.h"

#include "util/linediff.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace tw::ui {

VersionsDialog::VersionsDialog(const Versions& v, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("VersionsDialog"));
    setWindowTitle(v.title);
    auto* layout = new QVBoxLayout(this);
    m_explanation = new QLabel(v.explanation, this);
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_explanation);

    const std::string_view base(v.base.constData(), std::size_t(v.base.size()));
    const std::string_view other(v.other.constData(), std::size_t(v.other.size()));
    const util::LineDiff d = util::diffLines(base, other);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setText(d.tooLarge ? tr("The two versions differ in too many lines to show here.")
                                  : tr("The %1 version has %2 added and %3 removed against the %4 one.")
                                        .arg(v.otherName, tr("%n line(s)", nullptr, int(d.added)))
                                        .arg(d.removed)
                                        .arg(v.baseName));
    layout->addWidget(m_summary);

    m_diff = new QPlainTextEdit(this);
    m_diff->setObjectName(QStringLiteral("versionsDiff"));
    m_diff->setReadOnly(true);
    m_diff->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_diff->setPlainText(QString::fromStdString(util::unifiedDiff(d, v.baseName.toStdString(), v.otherName.toStdString())));
    m_diff->hide();
    layout->addWidget(m_diff, 1);

    auto* buttons = new QDialogButtonBox(this);
    m_take = buttons->addButton(v.takeOther, QDialogButtonBox::AcceptRole);
    m_keep = buttons->addButton(v.keepBase, QDialogButtonBox::RejectRole);
    m_compare = buttons->addButton(tr("Compare"), QDialogButtonBox::ActionRole);
    m_compare->setCheckable(true);
    // No default: Enter must not pick a version for the user.
    m_take->setAutoDefault(false);
    m_keep->setAutoDefault(false);
    m_compare->setAutoDefault(false);
    layout->addWidget(buttons);
    connect(m_take, &QPushButton::clicked, this, [this] { choose(Choice::TakeOther); });
    connect(m_keep, &QPushButton::clicked, this, [this] { choose(Choice::KeepBase); });
    connect(m_compare, &QPushButton::toggled, this, [this](bool on) {
        m_diff->setVisible(on);
        m_compare->setText(on ? tr("Hide comparison") : tr("Compare"));
        adjustSize();
    });
    connect(this, &QDialog::rejected, this, [this] {
        if (m_choice == Choice::None)
            Q_EMIT chosen(Choice::None);
    });
    resize(720, 260);
}

void VersionsDialog::choose(Choice c)
{
    m_choice = c;
    Q_EMIT chosen(c);
    done(c == Choice::TakeOther ? QDialog::Accepted : QDialog::Rejected);
}

QString VersionsDialog::summary() const { return m_summary->text(); }
QString VersionsDialog::explanation() const { return m_explanation->text(); }

} // namespace tw::ui
