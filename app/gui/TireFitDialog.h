#pragma once
// Edit ▸ Fit tires to another model… (docs/tires.md "Fitting and conversion"): the open vehicle's
// tires on the chosen wheels fitted to the Magic Formula, PhysX or Unity tire, on a worker thread
// (a fit of every wheel takes a few hundred milliseconds); the source and fitted curves of each
// direction with their residual, the error figures, and Apply, which puts the fitted tires on the
// wheels as one undoable edit through the document's edit session.

#include "tirefit/VehicleTireFit.h"

#include <QDialog>
#include <QPointer>

#include <memory>

QT_BEGIN_NAMESPACE
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QThread;
QT_END_NAMESPACE

namespace jounce::widgets {
class TireFitChart;
}

namespace jounce::gui {

class VehicleDocument;

class TireFitDialog : public QDialog {
    Q_OBJECT
public:
    TireFitDialog(VehicleDocument& document, QWidget* parent = nullptr);
    /// Waits for a fit still running (it is bounded by its evaluations).
    ~TireFitDialog() override;

    /// The wheels and the model to fit to, as the combo boxes choose them.
    void setChoice(tirefit::WheelChoice wheels, TireModelKind target);
    /// Fits the open vehicle with the dialog's choices on a worker thread; fitFinished follows.
    void fit();
    bool isFitting() const;
    /// Puts the last fit on the vehicle as one undoable edit; the reason when refused ("" when applied).
    QString apply();
    /// The last fit, or null (tests).
    const tirefit::VehicleTireFit* result() const { return result_.get(); }
    /// The charts of the shown group (tests).
    const widgets::TireFitChart* chart(tirefit::SlipDirection direction) const;

signals:
    void fitFinished();

private:
    struct Job;
    QWidget* makeControls();
    QWidget* makeResults();
    void finishFit(const std::shared_ptr<Job>& job);
    void showGroup(int index);
    void showErrors(const tirefit::GroupFit& group);
    void fitTableHeight();
    void updateButtons();

    VehicleDocument& document_;
    QComboBox* wheels_ = nullptr;
    QComboBox* target_ = nullptr;
    QDoubleSpinBox* ratioMin_ = nullptr;
    QDoubleSpinBox* ratioMax_ = nullptr;
    QDoubleSpinBox* angleMin_ = nullptr;
    QDoubleSpinBox* angleMax_ = nullptr;
    QPushButton* fitButton_ = nullptr;
    QPushButton* applyButton_ = nullptr;
    QProgressBar* busy_ = nullptr;
    QComboBox* groups_ = nullptr;
    QTableWidget* errors_ = nullptr;
    QLabel* status_ = nullptr;
    widgets::TireFitChart* longitudinal_ = nullptr;
    widgets::TireFitChart* lateral_ = nullptr;
    QPointer<QThread> thread_;
    std::shared_ptr<const tirefit::VehicleTireFit> result_;
    std::shared_ptr<const VehicleConfig> fittedConfig_;  ///< the vehicle the result was fitted on
    tirefit::WheelChoice fittedWheels_ = tirefit::WheelChoice::All;  ///< the wheels it was fitted for
    bool applied_ = false;
};

}  // namespace jounce::gui
